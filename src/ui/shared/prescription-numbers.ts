import type { IntlShape } from 'react-intl';

/**
 * Dioptres as the store view writes numbers, sign and two decimals kept: "-2.25", "+1.50", "0.00"
 * in English, "-2,25", "+1,50", "0,00" in French, German, Spanish and Dutch.
 */
export function formatDioptres(intl: IntlShape, value: number): string {
  return intl.formatNumber(value, { signDisplay: 'exceptZero', minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Millimetres (a PD: "63", "31.5") as the store view writes numbers ("31,5" in French). */
export function formatMillimetres(intl: IntlShape, value: number): string {
  return intl.formatNumber(value, { maximumFractionDigits: 1 });
}
