import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  optionalPostcodeCountries,
  POSTCODE_FORMATS,
  postcodeBeforeCity,
  postcodeRuleOf,
  TELEPHONE_PATTERN,
  townLineOf,
} from './address-formats';

/** As the browser reads an HTML `pattern`: anchored, with the `v` flag. */
const accepts = (pattern: string, value: string) => new RegExp(`^(?:${pattern})$`, 'v').test(value);
const NONE = new Set<string>();

describe('address formats (spec §3 Address: postcode and phone checked per country)', () => {
  it('every postcode pattern compiles as the browser compiles it and accepts its own example', () => {
    for (const [country, format] of Object.entries(POSTCODE_FORMATS)) {
      const rule = postcodeRuleOf(country, NONE);
      expect(rule.pattern, country).not.toBeNull();
      expect(accepts(rule.pattern!, format.example), `${country} ${format.example}`).toBe(true);
    }
  });

  it.each([
    ['CA', 'K1A 0B1', true],
    ['CA', 'k1a0b1', true],
    ['CA', '12345', false],
    ['CA', 'K1A-0B1', false],
    ['US', '90210', true],
    ['US', '90210-1234', true],
    ['US', '9021', false],
    ['GB', 'SW1A 1AA', true],
    ['GB', 'M1 1AE', true],
    ['GB', '12345', false],
    ['NL', '1012 AB', true],
    ['NL', '1012', false],
    ['DE', '10115', true],
    ['DE', '1011', false],
    ['CH', '8001', true],
    ['FR', '75004', true],
    ['FR', '7500', false],
    ['PT', '1100-148', true],
    ['SE', '114 55', true],
  ])('%s postcode %s → %s', (country, value, ok) => {
    expect(accepts(postcodeRuleOf(country, NONE).pattern!, value)).toBe(ok);
  });

  it('spaces around a postcode are not a wrong form (they are trimmed when sent)', () => {
    expect(accepts(postcodeRuleOf('CA', NONE).pattern!, ' K1A 0B1 ')).toBe(true);
  });

  it('the postcode is required except in the countries of storeConfig.optional_zip_countries', () => {
    const optional = optionalPostcodeCountries('HK, ie');
    expect([...optional]).toEqual(['HK', 'IE']);
    expect(postcodeRuleOf('HK', optional)).toEqual({ required: false, pattern: null, example: null });
    expect(postcodeRuleOf('IE', optional).required).toBe(false);
    expect(postcodeRuleOf('CA', optional).required).toBe(true);
    expect(optionalPostcodeCountries(null).size).toBe(0);
  });

  it.each([
    ['+1 (416) 555-0199', true],
    ['416.555.0199', true],
    ['0612345678', true],
    ['+41 44 668 18 00', true],
    ['abc', false],
    ['12345', false],
    ['1234567890123456', false],
    ['555-CALL-NOW', false],
  ])('telephone %s → %s', (value, ok) => {
    expect(accepts(TELEPHONE_PATTERN, value)).toBe(ok);
  });

  it.each([
    ['name@example.com', true],
    ['a.b+c@shop.co.uk', true],
    ['name@host', false],
    ['name example.com', false],
  ])('email %s → %s', (value, ok) => {
    expect(accepts(EMAIL_PATTERN, value)).toBe(ok);
  });
});

describe("ADR 040: an address's town line is written in its country's order", () => {
  it('France and Germany write the postcode before the city; Canada the city, province and postal code', () => {
    expect(townLineOf({ country: 'FR', city: 'Paris', postcode: '75001', region: null })).toBe('75001 Paris');
    expect(townLineOf({ country: 'DE', city: 'Berlin', postcode: '10117' })).toBe('10117 Berlin');
    expect(townLineOf({ country: 'MX', city: 'Ciudad de México', postcode: '06600', region: 'CDMX' })).toBe('06600 Ciudad de México, CDMX');
    expect(townLineOf({ country: 'CA', city: 'Toronto', postcode: 'M5H 1A1', region: 'Ontario' })).toBe('Toronto, Ontario, M5H 1A1');
    expect(postcodeBeforeCity('fr')).toBe(true);
    expect(postcodeBeforeCity('GB')).toBe(false);
  });
});
