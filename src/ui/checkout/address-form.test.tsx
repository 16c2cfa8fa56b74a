// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressForm } from './address-form';
import { countryOptionsOf } from './checkout-page.operations';

const COUNTRIES = countryOptionsOf({
  storeConfig: { store_code: 'ca', optional_zip_countries: 'HK' },
  countries: [
    { id: 'CA', full_name_locale: 'Canada', available_regions: [{ id: 66, code: 'ON', name: 'Ontario' }] },
    { id: 'HK', full_name_locale: 'Hong Kong SAR China', available_regions: [] },
  ],
});

function renderForm(onSubmit = vi.fn()) {
  render(
    <IntlProvider locale="en">
      <AddressForm countries={COUNTRIES} initial={null} withEmail submitLabel="Continue" submitting={false} onSubmit={onSubmit} />
    </IntlProvider>,
  );
  const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type(/^email/i, 'ada@example.com');
  type(/first name/i, 'Ada');
  type(/last name/i, 'Lovelace');
  type(/street address/i, '1 King St W');
  type(/^city/i, 'Toronto');
  fireEvent.change(screen.getByLabelText(/state \/ province/i), { target: { value: 'ON' } });
  return { onSubmit, type, submit: () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })) };
}

const messageOf = (label: RegExp) => {
  const field = screen.getByLabelText(label);
  return field.getAttribute('aria-invalid') ? document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent : null;
};

describe('address form checks each field by the country (spec §3 Address, issue 16)', () => {
  afterEach(cleanup);

  it('a Canadian postcode "12345" and a phone "abc" are told next to their fields, and nothing is sent', () => {
    const { onSubmit, type, submit } = renderForm();
    type(/postal code/i, '12345');
    type(/^phone/i, 'abc');
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(messageOf(/postal code/i)).toBe('Enter a postal code like A1B 2C3.');
    expect(messageOf(/^phone/i)).toBe('Enter a phone number of 7 to 15 digits.');
    expect(screen.getByLabelText(/postal code/i)).toHaveProperty('value', '12345');
  });

  it('an email without a dot in its domain is told next to the email field', () => {
    const { onSubmit, type, submit } = renderForm();
    type(/^email/i, 'ada@example');
    type(/postal code/i, 'M5H 1A1');
    type(/^phone/i, '+1 416 555 0199');
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(messageOf(/^email/i)).toBe('Enter an email address like name@example.com.');
  });

  it('a valid Canadian address is sent, trimmed', () => {
    const { onSubmit, type, submit } = renderForm();
    type(/postal code/i, ' M5H 1A1 ');
    type(/^phone/i, '(416) 555-0199');
    submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ postcode: 'M5H 1A1', telephone: '(416) 555-0199', country_id: 'CA', region_code: 'ON' }));
  });

  it('Hong Kong, in optional_zip_countries, takes an address without a postcode', () => {
    const { onSubmit, type, submit } = renderForm();
    fireEvent.change(screen.getByLabelText(/^country/i), { target: { value: 'HK' } });
    type(/^phone/i, '+852 2123 4567');
    expect(screen.getByLabelText(/postal code/i)).toHaveProperty('required', false);
    submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ country_id: 'HK', postcode: '' }));
  });
});
