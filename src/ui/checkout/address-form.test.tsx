// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressForm } from './address-form';
import { countryOptionsOf } from './checkout-page.operations';

const COUNTRIES = countryOptionsOf({
  storeConfig: {
    store_code: 'ca',
    locale: 'en_CA',
    default_country: 'CA',
    countries_with_required_region: 'CA,US',
    display_state_if_optional: true,
    optional_zip_countries: 'HK',
  },
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

describe('address form checks each field by the country (spec §3 Address)', () => {
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

describe("ADR 040: an address starts in the store view's own country, among countries sorted by name in its language", () => {
  afterEach(cleanup);

  // Magento's answer lists countries by ISO code; the fr store view names them in French.
  const FRENCH = countryOptionsOf({
    storeConfig: {
      store_code: 'fr',
      locale: 'fr_FR',
      default_country: 'FR',
      countries_with_required_region: 'AU,CA,CH,ES,MX,US',
      display_state_if_optional: false,
      optional_zip_countries: 'HK',
    },
    // Magento's directory lists France's départements and Germany's Länder too; neither country requires one.
    countries: [
      { id: 'CA', full_name_locale: 'Canada', available_regions: [{ id: 76, code: 'QC', name: 'Québec' }] },
      { id: 'CH', full_name_locale: 'Suisse', available_regions: [{ id: 104, code: 'GE', name: 'Genève' }] },
      { id: 'DE', full_name_locale: 'Allemagne', available_regions: [{ id: 82, code: 'BER', name: 'Berlin' }] },
      { id: 'ES', full_name_locale: 'Espagne', available_regions: [] },
      { id: 'FR', full_name_locale: 'France', available_regions: [{ id: 257, code: '75', name: 'Paris' }] },
      { id: 'GB', full_name_locale: 'Royaume-Uni', available_regions: [] },
      { id: 'AE', full_name_locale: 'Émirats arabes unis', available_regions: [] },
    ],
  });

  const renderFrench = () =>
    render(
      <IntlProvider locale="en">
        <AddressForm countries={FRENCH} initial={null} submitLabel="Continue" submitting={false} onSubmit={vi.fn()} />
      </IntlProvider>,
    );

  it('the fr store view lists Allemagne, Canada, Émirats arabes unis, Espagne, France… (accents sort as their letter)', () => {
    expect(FRENCH.map((c) => c.full_name_locale)).toEqual(['Allemagne', 'Canada', 'Émirats arabes unis', 'Espagne', 'France', 'Royaume-Uni', 'Suisse']);
  });

  it('a new address in the fr store view starts in France and asks for no State / Province, which France does not require (countries_with_required_region)', () => {
    renderFrench();
    expect(screen.getByLabelText(/^country/i)).toHaveProperty('value', 'FR');
    expect(screen.queryByLabelText(/state \/ province/i)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^country/i), { target: { value: 'DE' } });
    expect(screen.queryByLabelText(/state \/ province/i)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^country/i), { target: { value: 'CA' } });
    expect(screen.getByLabelText(/state \/ province/i)).toHaveProperty('required', true);
    fireEvent.change(screen.getByLabelText(/^country/i), { target: { value: 'CH' } });
    expect(screen.getByLabelText(/state \/ province/i)).toHaveProperty('required', true);
  });

  /** The form's fields, in the order a shopper meets them. */
  const fieldOrder = () =>
    [...document.querySelectorAll('input, select')].map((field) => (field as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s*\(optional\)$/, ''));

  it('a French or German address asks for the street, then the postcode before the city, as the country writes it; Canada keeps city, province, postal code', () => {
    renderFrench();
    expect(fieldOrder()).toEqual(['First name', 'Last name', 'Country', 'Street address', 'Apartment, suite, unit', 'Postal code', 'City', 'Phone']);
    fireEvent.change(screen.getByLabelText(/^country/i), { target: { value: 'DE' } });
    expect(fieldOrder()).toEqual(['First name', 'Last name', 'Country', 'Street address', 'Apartment, suite, unit', 'Postal code', 'City', 'Phone']);
    fireEvent.change(screen.getByLabelText(/^country/i), { target: { value: 'CA' } });
    expect(fieldOrder()).toEqual([
      'First name',
      'Last name',
      'Country',
      'Street address',
      'Apartment, suite, unit',
      'City',
      'State / Province',
      'Postal code',
      'Phone',
    ]);
  });
});
