import preview from '../../../../.storybook/preview';
import { within } from 'storybook/test';
import { InspectedMachine } from '../inspected-system';
import { expectCurrentState, expectLogged, expectStatechartIn, sendByHand } from './inspector-story-steps';

/** The cart machine (cart id, details, add/update/remove, invalid-cart recovery, merge) in the inspector. */
const meta = preview.meta({
  title: 'Machines/cart',
  render: () => <InspectedMachine name="cart" />,
});

export const Ready = meta.story({
  parameters: { shop: { machines: { cart: { value: 'ready' } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'cart', 'ready');
    await sendByHand(canvas, 'cart.getDetails');
    // The details request never answers in a story.
    await expectCurrentState(canvas, 'loadingDetails');
    await expectLogged(canvas, 'cart.getDetails');
  },
});
