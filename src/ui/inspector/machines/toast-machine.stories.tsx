import preview from '../../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { InspectedMachine } from '../inspected-system';
import { expectLogged, expectStatechartIn, sendByHand } from './inspector-story-steps';

/** The toast machine (queue of toasts: validation, duplicates, timeouts) in the inspector. */
const meta = preview.meta({
  title: 'Machines/toast',
  render: () => <InspectedMachine name="toast" />,
});

export const Active = meta.story({
  parameters: { shop: { machines: { toast: {} } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'toast', 'active');
    await sendByHand(canvas, 'toast.add', { toast: { type: 'success', message: 'Added to your cart' }, timestamp: 1700000000000 });
    await expectLogged(canvas, 'toast.add');
    // Timers never fire in a story: the toast stays queued.
    await expect(await canvas.findByLabelText('Context as JSON')).toHaveTextContent('Added to your cart');
  },
});
