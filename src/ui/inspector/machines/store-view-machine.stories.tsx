import preview from '../../../../.storybook/preview';
import { expect, userEvent, within } from 'storybook/test';
import { InspectedMachine } from '../inspected-system';
import { expectCurrentState, expectLogged, expectStatechartIn, sendByHand } from './inspector-story-steps';

/**
 * The storeView machine in the inspector: its statechart with the current state highlighted, its
 * context, the events it received, and buttons for the events the current state accepts.
 * (Its states are shown by App/Shell; these stories are for watching it run.)
 */
const meta = preview.meta({
  title: 'Machines/storeView',
  render: () => <InspectedMachine name="storeView" />,
});

export const Ready = meta.story({
  parameters: { shop: { machines: { storeView: { value: 'ready', context: { storeCode: 'ca', locale: 'en-CA', currency: 'CAD' } } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'storeView', 'ready');
    // Its guard needs the store code of the payload: without one, the switch is not accepted.
    await expect(await canvas.findByRole('button', { name: 'storeView.switch' })).toBeDisabled();
  },
});

export const FailedThenRetried = meta.story({
  parameters: { shop: { machines: { storeView: { value: 'failed', context: { error: 'Failed to fetch' } } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'storeView', 'failed');
    await sendByHand(canvas, 'storeView.retry');
    // checkingPrefix passes straight on to loadingConfig, whose request never settles in a story.
    await expectCurrentState(canvas, 'loadingConfig');
    await expectStatechartIn(canvas, 'storeView', 'loadingConfig');
    await expectLogged(canvas, 'storeView.retry');
    await expect(await canvas.findByLabelText('Context as JSON')).toHaveTextContent('"error": null');
  },
});

export const SwitchWithPayload = meta.story({
  parameters: { shop: { machines: { storeView: { value: 'ready', context: { storeCode: 'ca' } } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'storeView', 'ready');
    await userEvent.type(await canvas.findByLabelText('Payload (a JSON object, optional)'), '{{ "code": ');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The payload is not valid JSON');
    await expect(await canvas.findByRole('button', { name: 'storeView.switch' })).toBeDisabled();
    await sendByHand(canvas, 'storeView.switch', { code: 'fr', path: '/eyeglasses.html' });
    await expectCurrentState(canvas, 'switching');
    await expect(await canvas.findByLabelText('Context as JSON')).toHaveTextContent('"reloadPath": "/fr/eyeglasses.html"');
  },
});

/** A payload that does not fit the event's type (no `path`): refused with the reason, the machine stays where it was. */
export const SwitchWithoutPath = meta.story({
  parameters: { shop: { machines: { storeView: { value: 'ready', context: { storeCode: 'ca' } } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'storeView', 'ready');
    await sendByHand(canvas, 'storeView.switch', { code: 'fr' });
    const refusal = await canvas.findByRole('alert');
    await expect(refusal).toHaveTextContent("Not sent: storeView.switch with the fields code does not fit the event's type");
    await expect(await canvas.findByLabelText('Payload (a JSON object, optional)')).toHaveAccessibleDescription(refusal.textContent!);
    await expectCurrentState(canvas, 'ready');
    await expect(await canvas.findByLabelText('Context as JSON')).toHaveTextContent('"storeCode": "ca"');
    // With the field it needs, the same event is taken.
    await sendByHand(canvas, 'storeView.switch', { code: 'fr', path: '/' });
    await expectCurrentState(canvas, 'switching');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
});
