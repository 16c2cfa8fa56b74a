// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentInstructions } from './payment-instructions';

const checkPayment = (payableTo: string) => [
  {
    __typename: 'OrderPaymentMethod' as const,
    name: 'Check / Money order',
    type: 'checkmo',
    additional_data: [
      { __typename: 'KeyValue' as const, name: 'payable_to', value: payableTo },
      { __typename: 'KeyValue' as const, name: 'mailing_address', value: '1200 Rue Sainte-Catherine Ouest\nMontréal QC H3B 1K1' },
    ],
  },
];

describe('check / money order instructions', () => {
  afterEach(cleanup);

  it.each([
    ['a payee ending in a full stop ("Inc.") ends the sentence with one full stop, not "Inc.."', 'Lunette Eyewear Inc.', 'Lunette Eyewear Inc.'],
    ['a payee without a full stop still ends the sentence with one', 'Lunette Eyewear', 'Lunette Eyewear.'],
  ])('%s', (_, payee, ending) => {
    render(
      <IntlProvider locale="en">
        <PaymentInstructions payments={checkPayment(payee)} orderNumber="000000004" headingId="pay" />
      </IntlProvider>,
    );
    expect(screen.getByText(/payable to/).textContent).toBe(`Make your check or money order payable to ${ending}`);
  });
});
