/**
 * What an address field must look like in each country the shop ships to, as Magento's own
 * checkout checks it: postcode formats from Magento's `Directory/etc/zip_codes.xml` (one pattern
 * an accepted form, with the example Magento shows), the postcode optional only in the countries of
 * `storeConfig.optional_zip_countries`, and a telephone of 7 to 15 digits (ITU E.164) written with
 * the usual separators.
 *
 * Patterns are written for the HTML `pattern` attribute: the browser anchors them and compiles
 * them with the `v` flag: a character class escapes `(`, `)` and `-`, and nothing else is escaped.
 */

export interface PostcodeFormat {
  /** Accepted forms, each a whole-value pattern. */
  patterns: readonly string[];
  /** What the shopper is shown as an example of a valid postcode. */
  example: string;
}

const digits = (count: number): PostcodeFormat => ({ patterns: [`[0-9]{${count}}`], example: '12345678'.slice(0, count) });

/** Magento 2.4 `zip_codes.xml`, for the countries of the shop's directory. */
export const POSTCODE_FORMATS: Readonly<Record<string, PostcodeFormat>> = {
  US: { patterns: ['[0-9]{5}', '[0-9]{5}-[0-9]{4}'], example: '12345' },
  CA: { patterns: ['[a-zA-Z][0-9][a-zA-Z] [0-9][a-zA-Z][0-9]', '[a-zA-Z][0-9][a-zA-Z][0-9][a-zA-Z][0-9]'], example: 'A1B 2C3' },
  GB: {
    patterns: ['[a-zA-Z]{1,2}[0-9][a-zA-Z0-9]? ?[0-9][a-zA-Z]{2}', '[gG][iI][rR] ?0[aA]{2}'],
    example: 'SW1A 1AA',
  },
  NL: { patterns: ['[0-9]{4} ?[a-zA-Z]{2}'], example: '1234 AB' },
  IE: { patterns: ['[a-zA-Z][0-9]{2} ?[a-zA-Z0-9]{4}', '[dD]6[wW] ?[a-zA-Z0-9]{4}'], example: 'D02 X285' },
  PT: { patterns: ['[0-9]{4}-[0-9]{3}', '[0-9]{4}'], example: '1234-567' },
  SE: { patterns: ['[0-9]{3} ?[0-9]{2}'], example: '123 45' },
  LU: { patterns: ['[0-9]{4}', '[lL]-[0-9]{4}'], example: '1234' },
  AT: digits(4),
  AU: digits(4),
  BE: digits(4),
  CH: digits(4),
  DK: digits(4),
  NZ: digits(4),
  DE: digits(5),
  ES: digits(5),
  FI: digits(5),
  FR: digits(5),
  IT: digits(5),
  MX: digits(5),
};

/** A telephone number of 7 to 15 digits (ITU E.164 allows at most 15), which spaces, dots, dashes and brackets may separate and a `+` may lead. */
export const TELEPHONE_PATTERN = ' *\\+?[ .\\(\\)\\-]*(?:[0-9][ .\\(\\)\\-]*){7,15}';

/** An email address with a dot in its domain, as Magento's `validate-email` rule asks (the browser alone accepts `name@host`). */
export const EMAIL_PATTERN = '[^@\\s]+@[^@\\s]+\\.[^@\\s]+';

/** The countries whose postcode may be left empty, from `storeConfig.optional_zip_countries` ("HK,IE"). */
export function optionalPostcodeCountries(optionalZipCountries: string | null | undefined): ReadonlySet<string> {
  return new Set(
    (optionalZipCountries ?? '')
      .split(',')
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean),
  );
}

export interface PostcodeRule {
  required: boolean;
  /** The whole-value pattern (forms joined), or null where Magento knows no format. */
  pattern: string | null;
  example: string | null;
}

/** How the postcode field of an address in `countryId` is checked. */
export function postcodeRuleOf(countryId: string, optionalCountries: ReadonlySet<string>): PostcodeRule {
  const format = POSTCODE_FORMATS[countryId.toUpperCase()];
  return {
    required: !optionalCountries.has(countryId.toUpperCase()),
    // Spaces around the value are trimmed when it is sent: they do not make it wrong.
    pattern: format ? ` *(?:${format.patterns.map((pattern) => `(?:${pattern})`).join('|')}) *` : null,
    example: format?.example ?? null,
  };
}

/**
 * The countries whose addresses write the postcode before the town ("75001 Paris", "10117 Berlin"),
 * as their postal services ask (the UPU's address formats): their form asks for the postcode, then
 * the city. The others (US, CA, GB, AU, IE, NZ, HK) write the town, then its region and postcode.
 */
export const POSTCODE_FIRST_COUNTRIES: ReadonlySet<string> = new Set(['AT', 'BE', 'CH', 'DE', 'DK', 'ES', 'FI', 'FR', 'IT', 'LU', 'MX', 'NL', 'PT', 'SE']);

export const postcodeBeforeCity = (countryId: string | null | undefined) => POSTCODE_FIRST_COUNTRIES.has((countryId ?? '').toUpperCase());

/** The town line of an address's postal label, in its country's order: "75001 Paris", "Toronto, Ontario, M5H 1A1". */
export function townLineOf(address: { country: string | null | undefined; city?: string | null; region?: string | null; postcode?: string | null }): string {
  const join = (parts: (string | null | undefined)[], separator: string) => parts.filter(Boolean).join(separator);
  return postcodeBeforeCity(address.country)
    ? join([join([address.postcode, address.city], ' '), address.region], ', ')
    : join([address.city, address.region, address.postcode], ', ');
}
