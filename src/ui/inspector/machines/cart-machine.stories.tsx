import type { Meta, StoryObj } from '@storybook/react-vite';
import { within } from 'storybook/test';
import { InspectedMachine } from '../inspected-system';
import { expectCurrentState, expectLogged, expectStatechartIn, sendByHand } from './inspector-story-steps';

/** The cart machine (cart id, details, add/update/remove, invalid-cart recovery, merge) in the inspector. */
const meta = {
  title: 'Machines/cart',
  render: () => <InspectedMachine name="cart" />,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  parameters: { shop: { machines: { cart: { value: 'ready' } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'cart', 'ready');
    await sendByHand(canvas, 'cart.getDetails');
    // The details request never answers in a story.
    await expectCurrentState(canvas, 'loadingDetails');
    await expectLogged(canvas, 'cart.getDetails');
  },
};
