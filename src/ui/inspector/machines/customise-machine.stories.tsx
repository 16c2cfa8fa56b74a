import preview from '../../../../.storybook/preview';
import { within } from 'storybook/test';
import { InspectedMachine } from '../inspected-system';
import { expectStatechartIn } from './inspector-story-steps';

/** The customise machine (frame, lens usage, prescription, lenses, add to cart) in the inspector. */
const meta = preview.meta({
  title: 'Machines/customise',
  render: () => <InspectedMachine name="customise" />,
});

/** Its start for a frame given by URL: the product's request never answers in a story. */
export const Started = meta.story({
  parameters: { shop: { machines: { customise: {} } } },
  play: async ({ canvasElement }) => {
    await expectStatechartIn(within(canvasElement), 'customise', 'loadingProduct');
  },
});
