import type { Meta, StoryObj } from '@storybook/react-vite';
import { within } from 'storybook/test';
import { InspectedMachine } from '../inspected-system';
import { expectCurrentState, expectLogged, expectStatechartIn, sendByHand } from './inspector-story-steps';

/** The wishlist machine in the inspector. */
const meta = {
  title: 'Machines/wishlist',
  render: () => <InspectedMachine name="wishlist" />,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  parameters: { shop: { machines: { wishlist: {} } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'wishlist', 'idle');
    await sendByHand(canvas, 'wishlist.load');
    await expectLogged(canvas, 'wishlist.load');
    // The wishlist request never answers in a story.
    await expectCurrentState(canvas, 'loading');
  },
};
