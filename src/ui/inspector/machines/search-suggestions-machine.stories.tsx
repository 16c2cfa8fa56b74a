import preview from '../../../../.storybook/preview';
import { within } from 'storybook/test';
import { InspectedMachine } from '../inspected-system';
import { expectLogged, expectStatechartIn, sendByHand, showsState } from './inspector-story-steps';

/** The header search panel's machine (what is typed, and the term once the typing pauses) in the inspector. */
const meta = preview.meta({
  title: 'Machines/searchSuggestions',
  render: () => <InspectedMachine name="searchSuggestions" />,
});

/** Its start, and where a pause leaves it: the term follows the text. */
export const Settled = showsState('searchSuggestions', 'settled', 'settled', { text: 'aur', term: 'aur' });

/** Keys arriving: each one typed by hand starts the wait again (timers never fire in a story). */
export const Typing = meta.story({
  parameters: { shop: { machines: { searchSuggestions: { events: [{ type: 'search.type', text: 'au' }] } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'searchSuggestions', 'typing');
    await sendByHand(canvas, 'search.type', { text: 'aur' });
    await expectLogged(canvas, 'search.type');
    await expectStatechartIn(canvas, 'searchSuggestions', 'typing');
  },
});
