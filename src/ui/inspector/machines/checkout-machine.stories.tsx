import preview from '../../../../.storybook/preview';
import { within } from 'storybook/test';
import { InspectedMachine } from '../inspected-system';
import { expectCurrentState, expectLogged, expectStatechartIn, sendByHand } from './inspector-story-steps';

/** The checkout machine (shipping address → method → billing and payment → order → receipt) in the inspector. */
const meta = preview.meta({
  title: 'Machines/checkout',
  render: () => <InspectedMachine name="checkout" />,
});

export const Idle = meta.story({
  parameters: { shop: { machines: { checkout: {} } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'checkout', 'idle');
    await sendByHand(canvas, 'checkout.begin', { cartId: 'story-cart-id', isSignedIn: false });
    // What browser storage holds is read by an effect that never settles in a story.
    await expectCurrentState(canvas, 'restoring');
    await expectLogged(canvas, 'checkout.begin');
  },
});
