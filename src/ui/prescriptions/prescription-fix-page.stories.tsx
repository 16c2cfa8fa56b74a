import preview from '../../../.storybook/preview';
import { startStoryActor } from '../../../.storybook/story-actors';
import { useMemo } from 'react';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import {
  prescriptionFixMachine,
  type FixedLine,
  type FixPrescriptionInput,
  type PrescriptionFixOrder,
} from '../../machines/prescription/prescription-fix.machine';
import { FIXTURE_FIX_ORDER, FIXTURE_TWO_LINE_FIX_ORDER } from '../../machines/prescription/prescription.fixtures';
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
 * The seeded key is single-use, so these stories run the page's machine on an order of the
 * fixtures (the seeded one by default); the send answers as `send` says (never settles by default).
 */
function FixWith({
  send = () => new Promise<never>(() => {}),
  order = FIXTURE_FIX_ORDER,
}: {
  send?: (input: FixPrescriptionInput) => Promise<FixedLine>;
  order?: PrescriptionFixOrder;
}) {
  const actor = useMemo(() => {
    const machine = prescriptionFixMachine.provide({
      actors: {
        fetchFixOrder: fromPromise(async () => order),
        fixPrescription: fromPromise(({ input }: { input: FixPrescriptionInput }) => send(input)),
      },
    });
    return startStoryActor(machine, { input: { orderNumber: order.orderNumber, key: 'story-key', today: '2026-03-01' } });
  }, [send, order]);
  return <PrescriptionFixView actor={actor} />;
}

/** The form a valid link of a one-frame order opens straight away, filled with its prescription; a bad value stays, with its message. */
export const ValidLink = meta.story({
  render: () => <FixWith />,
  parameters: { machineStates: ['prescriptionFix.opened', 'prescriptionFix.editing', 'prescriptionFix.editing.form'] },
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

/** An order of two frames with prescriptions (and one with plain lenses): each frame with its values; the one chosen opens its form. */
export const TwoLines = meta.story({
  render: () => <FixWith order={FIXTURE_TWO_LINE_FIX_ORDER} />,
  parameters: { machineStates: ['prescriptionFix.opened', 'prescriptionFix.choosing'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const milo = await canvas.findByRole('listitem', { name: 'Milo Round' });
    await expect(within(milo).getByText('Progressive')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Correct this prescription' })).toHaveLength(2);
    await userEvent.click(within(milo).getByRole('button', { name: 'Correct this prescription' }));
    await expect(await within(milo).findByText('The corrected prescription of Milo Round')).toBeVisible();
    await expect(within(milo).getByLabelText('OD (right eye) ADD')).toHaveValue('+2.00');
  },
});

const sendRefused = () =>
  Promise.reject(
    new Error(
      'A prescription fix keeps the lenses that were paid for: This prescription needs a lens index of 1.67 or more; 1.50 lenses cannot be made for it.',
    ),
  );
/** The backend refuses the send (values the paid lens cannot take): its words, and every value kept. */
export const SendFailed = meta.story({
  render: () => <FixWith send={sendRefused} />,
  parameters: { machineStates: ['prescriptionFix.editing.form'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(await canvas.findByLabelText('OD (right eye) SPH'));
    await userEvent.type(await canvas.findByLabelText('OD (right eye) SPH'), '-6.75');
    await userEvent.click(await canvas.findByRole('button', { name: 'Send the corrected prescription' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('A prescription fix keeps the lenses that were paid for');
    await expect(await canvas.findByLabelText('OD (right eye) SPH')).toHaveValue('-6.75');
  },
});

const sendAccepted = async (input: FixPrescriptionInput): Promise<FixedLine> => ({ orderNumber: input.orderNumber, lineUid: input.lineUid, linkOpen: false });
/** The order's only prescription line is corrected: the link is used up. */
export const Fixed = meta.story({
  render: () => <FixWith send={sendAccepted} />,
  parameters: { machineStates: ['prescriptionFix.fixed'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send the corrected prescription' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Thank you: the prescription of Aurora Cat-Eye in order #000000001 is corrected.');
    await expect(canvas.getByRole('status')).toHaveTextContent('This link cannot be used again.');
  },
});

const sendAcceptedOneLeft = async (input: FixPrescriptionInput): Promise<FixedLine> => ({
  orderNumber: input.orderNumber,
  lineUid: input.lineUid,
  linkOpen: true,
});
/** One frame of a two-frame order is corrected: the other can still be, with the same link. */
export const FixedOneLeft = meta.story({
  render: () => <FixWith order={FIXTURE_TWO_LINE_FIX_ORDER} send={sendAcceptedOneLeft} />,
  parameters: { machineStates: ['prescriptionFix.fixed'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const aurora = (await canvas.findAllByRole('listitem', { name: 'Aurora Cat-Eye' }))[0]!;
    await userEvent.click(within(aurora).getByRole('button', { name: 'Correct this prescription' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Send the corrected prescription' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Thank you: the prescription of Aurora Cat-Eye in order #000000005 is corrected.');
    await expect(canvas.getByRole('button', { name: 'Correct another frame' })).toBeVisible();
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
