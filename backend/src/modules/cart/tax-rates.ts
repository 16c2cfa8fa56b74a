/**
 * Sales tax by destination, applied to the subtotal after discounts (prices are shown without tax).
 * Canada: GST 5 %, or HST in the harmonised provinces, plus the provincial PST/RST/QST where it
 * is separate. EU store countries: standard VAT. Other countries the shop ships to: their
 * national consumption tax where the shop collects it.
 */
export interface TaxRate {
  label: string;
  /** Percent. */
  rate: number;
}

const GST: TaxRate = { label: 'GST', rate: 5 };

const CANADA: Record<string, TaxRate[]> = {
  AB: [GST],
  NT: [GST],
  NU: [GST],
  YT: [GST],
  BC: [GST, { label: 'PST', rate: 7 }],
  MB: [GST, { label: 'RST', rate: 7 }],
  SK: [GST, { label: 'PST', rate: 6 }],
  QC: [GST, { label: 'QST', rate: 9.975 }],
  ON: [{ label: 'HST', rate: 13 }],
  NB: [{ label: 'HST', rate: 15 }],
  NL: [{ label: 'HST', rate: 15 }],
  PE: [{ label: 'HST', rate: 15 }],
  NS: [{ label: 'HST', rate: 14 }],
};

const VAT: Record<string, number> = {
  AT: 20,
  BE: 21,
  DE: 19,
  DK: 25,
  ES: 21,
  FI: 25.5,
  FR: 20,
  IE: 23,
  IT: 22,
  LU: 17,
  NL: 21,
  PT: 23,
  SE: 25,
};

const NATIONAL: Record<string, TaxRate[]> = {
  GB: [{ label: 'VAT', rate: 20 }],
  CH: [{ label: 'MWST', rate: 8.1 }],
  AU: [{ label: 'GST', rate: 10 }],
  NZ: [{ label: 'GST', rate: 15 }],
  MX: [{ label: 'IVA', rate: 16 }],
};

/** State sales tax (state rate only) in the states where the shop has nexus. */
const US_STATES: Record<string, TaxRate[]> = {
  CA: [{ label: 'Sales Tax', rate: 7.25 }],
  NY: [{ label: 'Sales Tax', rate: 4 }],
  TX: [{ label: 'Sales Tax', rate: 6.25 }],
  WA: [{ label: 'Sales Tax', rate: 6.5 }],
};

export function taxRatesFor(countryCode: string, regionCode: string | null): TaxRate[] {
  if (countryCode === 'CA') return (regionCode && CANADA[regionCode]) || [];
  if (countryCode === 'US') return (regionCode && US_STATES[regionCode]) || [];
  const vat = VAT[countryCode];
  if (vat !== undefined) return [{ label: 'VAT', rate: vat }];
  return NATIONAL[countryCode] ?? [];
}
