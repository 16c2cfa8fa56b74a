/**
 * Countries the shop ships to, with Magento's region ids for the countries whose region is
 * required (Canada and the United States, ids as in Magento's `directory_country_region`).
 */
export const SHIPPING_COUNTRIES: Record<string, string> = {
  AT: 'Austria',
  AU: 'Australia',
  BE: 'Belgium',
  CA: 'Canada',
  CH: 'Switzerland',
  DE: 'Germany',
  DK: 'Denmark',
  ES: 'Spain',
  FI: 'Finland',
  FR: 'France',
  GB: 'United Kingdom',
  HK: 'Hong Kong SAR China',
  IE: 'Ireland',
  IT: 'Italy',
  LU: 'Luxembourg',
  MX: 'Mexico',
  NL: 'Netherlands',
  NZ: 'New Zealand',
  PT: 'Portugal',
  SE: 'Sweden',
  US: 'United States',
};

export interface Region {
  id: number;
  code: string;
  name: string;
}

const CA_REGIONS: Region[] = [
  { id: 66, code: 'AB', name: 'Alberta' },
  { id: 67, code: 'BC', name: 'British Columbia' },
  { id: 68, code: 'MB', name: 'Manitoba' },
  { id: 69, code: 'NL', name: 'Newfoundland and Labrador' },
  { id: 70, code: 'NB', name: 'New Brunswick' },
  { id: 71, code: 'NS', name: 'Nova Scotia' },
  { id: 72, code: 'NT', name: 'Northwest Territories' },
  { id: 73, code: 'NU', name: 'Nunavut' },
  { id: 74, code: 'ON', name: 'Ontario' },
  { id: 75, code: 'PE', name: 'Prince Edward Island' },
  { id: 76, code: 'QC', name: 'Quebec' },
  { id: 77, code: 'SK', name: 'Saskatchewan' },
  { id: 78, code: 'YT', name: 'Yukon Territory' },
];

const US_STATES: [number, string, string][] = [
  [1, 'AL', 'Alabama'],
  [2, 'AK', 'Alaska'],
  [4, 'AZ', 'Arizona'],
  [5, 'AR', 'Arkansas'],
  [12, 'CA', 'California'],
  [13, 'CO', 'Colorado'],
  [14, 'CT', 'Connecticut'],
  [15, 'DE', 'Delaware'],
  [16, 'DC', 'District of Columbia'],
  [18, 'FL', 'Florida'],
  [19, 'GA', 'Georgia'],
  [21, 'HI', 'Hawaii'],
  [22, 'ID', 'Idaho'],
  [23, 'IL', 'Illinois'],
  [24, 'IN', 'Indiana'],
  [25, 'IA', 'Iowa'],
  [26, 'KS', 'Kansas'],
  [27, 'KY', 'Kentucky'],
  [28, 'LA', 'Louisiana'],
  [29, 'ME', 'Maine'],
  [31, 'MD', 'Maryland'],
  [32, 'MA', 'Massachusetts'],
  [33, 'MI', 'Michigan'],
  [34, 'MN', 'Minnesota'],
  [35, 'MS', 'Mississippi'],
  [36, 'MO', 'Missouri'],
  [37, 'MT', 'Montana'],
  [38, 'NE', 'Nebraska'],
  [39, 'NV', 'Nevada'],
  [40, 'NH', 'New Hampshire'],
  [41, 'NJ', 'New Jersey'],
  [42, 'NM', 'New Mexico'],
  [43, 'NY', 'New York'],
  [44, 'NC', 'North Carolina'],
  [45, 'ND', 'North Dakota'],
  [47, 'OH', 'Ohio'],
  [48, 'OK', 'Oklahoma'],
  [49, 'OR', 'Oregon'],
  [51, 'PA', 'Pennsylvania'],
  [52, 'PR', 'Puerto Rico'],
  [53, 'RI', 'Rhode Island'],
  [54, 'SC', 'South Carolina'],
  [55, 'SD', 'South Dakota'],
  [56, 'TN', 'Tennessee'],
  [57, 'TX', 'Texas'],
  [58, 'UT', 'Utah'],
  [59, 'VT', 'Vermont'],
  [61, 'VA', 'Virginia'],
  [62, 'WA', 'Washington'],
  [63, 'WV', 'West Virginia'],
  [64, 'WI', 'Wisconsin'],
  [65, 'WY', 'Wyoming'],
];

export const REGIONS_BY_COUNTRY: Record<string, Region[]> = {
  CA: CA_REGIONS,
  US: US_STATES.map(([id, code, name]) => ({ id, code, name })),
};

/** Postcode is optional only where Magento's store config says so (`optional_zip_countries`). */
export const POSTCODE_OPTIONAL_COUNTRIES = new Set(['HK']);

export function findRegion(countryCode: string, hint: { id?: number | null; code?: string | null; name?: string | null }): Region | null {
  const regions = REGIONS_BY_COUNTRY[countryCode];
  if (!regions) return null;
  const code = hint.code?.trim().toUpperCase();
  const name = hint.name?.trim().toLowerCase();
  return (
    regions.find(
      (r) => (hint.id != null && r.id === hint.id) || (code && r.code === code) || (name && (r.name.toLowerCase() === name || r.code.toLowerCase() === name)),
    ) ?? null
  );
}
