import type { Meta, StoryObj } from '@storybook/react-vite';
import { within } from 'storybook/test';
import { InspectedMachine } from '../inspected-system';
import { expectStatechartIn } from './inspector-story-steps';

/** The customise machine (frame, lens usage, prescription, lenses, add to cart) in the inspector. */
const meta = {
  title: 'Machines/customise',
  render: () => <InspectedMachine name="customise" />,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Its start for a frame given by URL: the product's request never answers in a story. */
export const Started: Story = {
  parameters: { shop: { machines: { customise: {} } } },
  play: async ({ canvasElement }) => {
    await expectStatechartIn(within(canvasElement), 'customise', 'loadingProduct');
  },
};
