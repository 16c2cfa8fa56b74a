import preview from '../../../../.storybook/preview';
import { within } from 'storybook/test';
import { InspectedMachine } from '../inspected-system';
import { expectCurrentState, expectLogged, expectStatechartIn, sendByHand } from './inspector-story-steps';

/** The wishlist machine in the inspector. */
const meta = preview.meta({
  title: 'Machines/wishlist',
  render: () => <InspectedMachine name="wishlist" />,
});

export const Idle = meta.story({
  parameters: { shop: { machines: { wishlist: {} } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'wishlist', 'list.idle');
    await sendByHand(canvas, 'wishlist.load');
    await expectLogged(canvas, 'wishlist.load');
    // The wishlist request never answers in a story.
    await expectCurrentState(canvas, 'list.loading');
  },
});
