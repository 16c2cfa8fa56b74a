import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { PaymentInstructions } from './payment-instructions';

const check = {
  name: 'Check / Money order',
  type: 'checkmo',
  additional_data: [
    { name: 'payable_to', value: 'Lunette Eyewear Inc.' },
    {
      __typename: 'KeyValue' as const,
      name: 'mailing_address',
      value: 'Lunette Eyewear Inc.\nAttn: Orders\n1200 Rue Sainte-Catherine Ouest, Suite 400\nMontréal QC H3B 1K1\nCanada',
    },
  ],
};

/** How to pay a check / money order (Magento's "Make Check payable to" and "Send Check to"), on the receipt and the order page. */
const meta = preview.meta({
  title: 'Account/Payment instructions',
  component: PaymentInstructions,
  args: { payments: [check], orderNumber: '000000009', headingId: 'story-pay-check' },
});

export const CheckOrMoneyOrder = meta.story({
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole('region', { name: 'Next step: send your payment' });
    await expect(region).toHaveTextContent('Make your check or money order payable to Lunette Eyewear Inc.');
    await expect(region).toHaveTextContent('1200 Rue Sainte-Catherine Ouest, Suite 400');
    await expect(region).toHaveTextContent('#000000009');
  },
});

export const OnPhone = meta.story({ ...CheckOrMoneyOrder.input, globals: { viewport: { value: 'phone' } } });

/** A card or wallet order has nothing to send: no instructions. */
export const CardPayment = meta.story({
  args: { payments: [{ name: 'Credit or debit card (LunettePay)', type: 'lunettepay_card', additional_data: [] }] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region')).toBeNull();
  },
});
