/**
 * The text of each cell as the slip prints it: signs, decimal comma or point, the plano word, the
 * "no cylinder" word, axis degrees, the PD and the date in the language's order.
 */
import type { EyePrescription } from '../../rules/eyewear/prescription';
import { formatSlipDate } from './languages';
import type { PrintStyle, Slip } from './slip';

/** A number with two decimals in the slip's decimal mark. */
export function decimalText(value: number, style: Pick<PrintStyle, 'decimal'>, decimals = 2): string {
  return Math.abs(value).toFixed(decimals).replace('.', style.decimal);
}

/** A power as printed: `+1,25`, `−2.00`; a zero sphere as the plano word. */
export function powerText(value: number, style: Pick<PrintStyle, 'decimal' | 'minus'>): string {
  const sign = value > 0 ? '+' : value < 0 ? style.minus : '';
  return `${sign}${decimalText(value, style)}`;
}

/** A PD as printed: `63`, `63,5`, `31.5 mm`. */
export function pdText(value: number, style: Pick<PrintStyle, 'decimal' | 'pdUnit'>): string {
  const text = Number.isInteger(value) ? String(value) : decimalText(value, style, 1);
  return style.pdUnit ? `${text} mm` : text;
}

/** The cells of one eye's row, by column. */
export type EyeCells = Record<'sph' | 'cyl' | 'axis' | 'add' | 'prism' | 'base', string>;

export function eyeCells(eye: EyePrescription, style: PrintStyle): EyeCells {
  const hasCyl = eye.cyl !== 0 && eye.axis !== null;
  const axis = hasCyl ? `${style.axisPadded ? String(eye.axis).padStart(3, '0') : String(eye.axis)}${style.axisDegree ? '°' : ''}` : '';
  return {
    sph: eye.sph === 0 ? style.plano : powerText(eye.sph, style),
    cyl: hasCyl ? powerText(eye.cyl, style) : style.noCyl,
    axis: hasCyl ? axis : style.noCyl === '—' ? '—' : '',
    add: eye.add === null ? '' : powerText(eye.add, style),
    prism: eye.prism ? decimalText(eye.prism.amount, style) : '',
    base: eye.prism ? style.baseWords[eye.prism.base] : '',
  };
}

/** The PD line under the table: `PD: 63` or `PD R/L: 31,5 / 32`. */
export function pdLine(slip: Slip): { label: string; value: string } {
  const { pd } = slip.values;
  const { style } = slip;
  if (pd.mode === 'single') return { label: style.pd, value: pdText(pd.single, style) };
  const [right, left] = style.eyes;
  return { label: `${style.pdPerEye} ${right} / ${left}`, value: `${pdText(pd.right, { ...style, pdUnit: false })} / ${pdText(pd.left, style)}` };
}

export const examDateText = (slip: Slip) => formatSlipDate(slip.values.examDate, slip.language);
export const birthDateText = (slip: Slip) => (slip.style.birthDate ? formatSlipDate(slip.style.birthDate, slip.language) : '');
