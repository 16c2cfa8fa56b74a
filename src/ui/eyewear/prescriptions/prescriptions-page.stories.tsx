import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { emptyPrescriptionDraft } from '../../../machines/prescription/prescription-rules';
import { PrescriptionEditor, PrescriptionsPage } from './prescriptions-page';

/** /prescription (spec §2, signed in only): saved prescriptions, on the embedded backend. */
const meta = {
  title: 'Eyewear/Prescriptions',
  component: PrescriptionsPage,
  parameters: { shop: { route: '/prescription' } },
} satisfies Meta<typeof PrescriptionsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Guest: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Sign in to see and save your prescriptions.');
  },
};

const newPrescription = { uid: null, name: '', usage: 'SINGLE_VISION_DISTANCE' as const, draft: emptyPrescriptionDraft() };

export const AddForm: Story = {
  render: () => <PrescriptionEditor editing={newPrescription} onCancel={() => {}} onSaved={() => {}} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Name')).toBeVisible();
    await expect(canvas.getByLabelText('OS (left eye) SPH')).toBeVisible();
  },
};

export const AddFormWithErrors: Story = {
  render: () => <PrescriptionEditor editing={newPrescription} onCancel={() => {}} onSaved={() => {}} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('OD (right eye) SPH'), '-2.25');
    await userEvent.click(canvas.getByRole('button', { name: 'Save the prescription' }));
    await expect(canvas.getByText(/values need fixing/)).toBeVisible();
    await expect(canvas.getByText('Give the prescription a name, for example “Reading glasses 2026”.')).toBeVisible();
    await expect(canvas.getByLabelText('OS (left eye) SPH')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText('OD (right eye) SPH')).toHaveValue('-2.25');
  },
};

export const EditForm: Story = {
  render: () => (
    <PrescriptionEditor
      editing={{ uid: 'rx-1', name: 'Distance glasses 2025', usage: 'PROGRESSIVE', draft: { ...emptyPrescriptionDraft(), od: { ...emptyPrescriptionDraft().od, sph: '-1.00', add: '+2.00' }, pdMode: 'dual', pdRight: '31', pdLeft: '32', examDate: '2025-09-15' } }}
      onCancel={() => {}}
      onSaved={() => {}}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('OD (right eye) ADD')).toHaveValue('+2.00');
    await expect(canvas.getByLabelText('Right PD')).toHaveValue('31');
  },
};
