import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';
import { PrescriptionFixForm, PrescriptionFixPage } from './prescription-fix-page';

/** /prescriptionfix/{order_id}/{key_fix?} (spec §2, public), on the embedded backend's seeded order. */
const meta = {
  title: 'Eyewear/Prescription fix',
  component: PrescriptionFixPage,
  render: () => (
    <Routes>
      <Route path="/prescriptionfix/:orderId/:keyFix?" element={<PrescriptionFixPage />} />
    </Routes>
  ),
} satisfies Meta<typeof PrescriptionFixPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The form a valid link opens (the seeded key is single-use, so the story gives the order itself). */
export const ValidLink: Story = {
  render: () => (
    <PrescriptionFixForm
      fixKey="story-key"
      order={{
        order_number: '000000001',
        order_date: '2026-01-15',
        items: [
          {
            product_name: 'Aurora Cat-Eye',
            product_sku: 'LN1001-BLK-M',
            prescription: JSON.stringify({ usage: 'SINGLE_VISION_DISTANCE', exam_date: '2025-09-15', od: { sph: -2.25, cyl: -0.5, axis: 90 }, os: { sph: -2, cyl: 0 }, pd: { single: 63 } }),
          },
        ],
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: /Order #000000001/ })).toBeVisible();
    await expect(canvas.getByLabelText('OD (right eye) SPH')).toHaveValue('-2.25');
    await expect(canvas.getByLabelText('OD (right eye) AXIS')).toHaveValue('90');
    await userEvent.clear(canvas.getByLabelText('OD (right eye) SPH'));
    await userEvent.click(canvas.getByRole('button', { name: 'Send the corrected prescription' }));
    await expect(canvas.getByLabelText('OD (right eye) SPH')).toHaveAccessibleDescription('SPH is required.');
  },
};

export const WrongKey: Story = {
  parameters: { shop: { route: '/prescriptionfix/000000001/not-the-key' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent('The prescription fix link is invalid. Check the link in your order email.');
  },
};

export const MissingKey: Story = {
  parameters: { shop: { route: '/prescriptionfix/000000001' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('This link is incomplete');
  },
};
