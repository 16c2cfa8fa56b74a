import preview from '../../../.storybook/preview';
import { useMemo } from 'react';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';
import { createActor, fromPromise } from 'xstate';
import { prescriptionFixMachine, type FixPrescriptionInput } from '../../machines/prescription/prescription-fix.machine';
import { FIXTURE_FIX_ORDER } from '../../machines/prescription/prescription.fixtures';
import { PrescriptionFixPage, PrescriptionFixView } from './prescription-fix-page';

/** /prescriptionfix/{order_id}/{key_fix?} (spec §2, public), on the embedded backend's seeded order. */
const meta = preview.meta({
  title: 'Eyewear/Prescription fix',
  component: PrescriptionFixPage,
  render: () => (
    <Routes>
      <Route path="/prescriptionfix/:orderId/:keyFix?" element={<PrescriptionFixPage />} />
    </Routes>
  ),
});

/**
 * The seeded key is single-use, so these stories run the page's machine on the order itself; the
 * send answers as `send` says (never settles by default).
 */
function FixWith({ send = () => new Promise<never>(() => {}) }: { send?: (input: FixPrescriptionInput) => Promise<{ orderNumber: string }> }) {
  const actor = useMemo(() => {
    const machine = prescriptionFixMachine.provide({
      actors: {
        fetchFixOrder: fromPromise(async () => FIXTURE_FIX_ORDER),
        fixPrescription: fromPromise(({ input }: { input: FixPrescriptionInput }) => send(input)),
      },
    });
    return createActor(machine, { input: { orderNumber: '000000001', key: 'story-key', today: '2026-03-01' } }).start();
  }, [send]);
  return <PrescriptionFixView actor={actor} />;
}

/** The form a valid link opens, filled with the order's prescription; a bad value stays, with its message. */
export const ValidLink = meta.story({
  render: () => <FixWith />,
  parameters: { machineStates: ['prescriptionFix.editing', 'prescriptionFix.editing.form'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: /Order #000000001/ })).toBeVisible();
    await expect(await canvas.findByLabelText('OD (right eye) SPH')).toHaveValue('-2.25');
    await expect(await canvas.findByLabelText('OD (right eye) AXIS')).toHaveValue('90');
    await userEvent.clear(await canvas.findByLabelText('OD (right eye) SPH'));
    await userEvent.click(await canvas.findByRole('button', { name: 'Send the corrected prescription' }));
    await expect(await canvas.findByLabelText('OD (right eye) SPH')).toHaveAccessibleDescription('SPH is required.');
    await expect(await canvas.findByText(/value needs fixing/)).toBeVisible();
  },
});

const sendSlowly = () => new Promise<never>(() => {});
/** The corrected prescription is on its way: the button waits. */
export const Sending = meta.story({
  render: () => <FixWith send={sendSlowly} />,
  parameters: { machineStates: ['prescriptionFix.editing.sending'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send the corrected prescription' }));
    await expect(await canvas.findByRole('button', { name: 'Send the corrected prescription' })).toBeDisabled();
  },
});

const sendRefused = () => Promise.reject(new Error('This prescription fix link has already been used.'));
/** The backend refuses the send: its words, and every value kept. */
export const SendFailed = meta.story({
  render: () => <FixWith send={sendRefused} />,
  parameters: { machineStates: ['prescriptionFix.editing.form'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(await canvas.findByLabelText('OD (right eye) SPH'));
    await userEvent.type(await canvas.findByLabelText('OD (right eye) SPH'), '-2.75');
    await userEvent.click(await canvas.findByRole('button', { name: 'Send the corrected prescription' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This prescription fix link has already been used.');
    await expect(await canvas.findByLabelText('OD (right eye) SPH')).toHaveValue('-2.75');
  },
});

const sendAccepted = async (input: FixPrescriptionInput) => ({ orderNumber: input.orderNumber });
export const Fixed = meta.story({
  render: () => <FixWith send={sendAccepted} />,
  parameters: { machineStates: ['prescriptionFix.fixed'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send the corrected prescription' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Thank you: the prescription of order #000000001 is corrected.');
  },
});

export const WrongKey = meta.story({
  parameters: { shop: { route: '/prescriptionfix/000000001/not-the-key' }, machineStates: ['prescriptionFix.loading', 'prescriptionFix.invalid'] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'The prescription fix link is invalid. Check the link in your order email.',
    );
  },
});

export const MissingKey = meta.story({
  parameters: { shop: { route: '/prescriptionfix/000000001' }, machineStates: ['prescriptionFix.starting', 'prescriptionFix.missingKey'] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('This link is incomplete');
  },
});
