import type { IntlShape } from 'react-intl';
import { prescriptionTerms } from './prescription-terms';

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

/**
 * One eye of a prescription on one line, as every summary writes it (the wizard's review, saved
 * prescriptions): SPH, then CYL × AXIS when there is a cylinder, then ADD when there is one
 * ("-2.00 -0.50 × 90 ADD +2.00"), so no view leaves out a value the lens is made with.
 */
export function formatEyeSummary(intl: IntlShape, eye: { sph: number; cyl?: number | null; axis?: number | null; add?: number | null }): string {
  const cylinder = eye.cyl ? ` ${formatDioptres(intl, eye.cyl)} × ${eye.axis}` : '';
  const addition = eye.add ? ` ${intl.formatMessage(prescriptionTerms.add)} ${formatDioptres(intl, eye.add)}` : '';
  return `${formatDioptres(intl, eye.sph)}${cylinder}${addition}`;
}
