import { defineMessages, type IntlShape } from 'react-intl';
import type { FilterCode } from './listing-params';

/**
 * Filter group titles by attribute code: the shop's words, translated, rather than the backend's labels;
 * except colour (ADR 031): the backend's store-view label (`filterTitleOf`).
 */
export const filterTitles = defineMessages<FilterCode>({
  category_uid: { id: 'catalog.filter.category', defaultMessage: 'Category' },
  price: { id: 'catalog.filter.price', defaultMessage: 'Price' },
  frame_shape: { id: 'catalog.filter.frameShape', defaultMessage: 'Shape' },
  color: { id: 'catalog.filter.color', defaultMessage: 'Colour' },
  frame_material: { id: 'catalog.filter.frameMaterial', defaultMessage: 'Material' },
  rim_type: { id: 'catalog.filter.rimType', defaultMessage: 'Rim' },
  size: { id: 'catalog.filter.size', defaultMessage: 'Frame size' },
  lens_width: { id: 'catalog.filter.lensWidth', defaultMessage: 'Lens width' },
  bridge_width: { id: 'catalog.filter.bridgeWidth', defaultMessage: 'Bridge width' },
  temple_length: { id: 'catalog.filter.templeLength', defaultMessage: 'Temple length' },
  face_width: { id: 'catalog.filter.faceWidth', defaultMessage: 'Face width' },
});

/**
 * ADR 031 (one word for colour per store view): the colour group is titled with the backend's
 * store-scoped label (the aggregation's `label`: "Colour" in Canada, "Color" in the US), as the
 * product page, wizard, cart and receipt are; the other groups with the shop's words.
 */
export function filterTitleOf(intl: IntlShape, code: FilterCode, backendLabel: string | null | undefined): string {
  if (code === 'color' && backendLabel) return backendLabel;
  return intl.formatMessage(filterTitles[code]);
}

/** A range bucket (`100_200`) as words: a money range for prices, millimetres for measurements. */
export function rangeLabel(intl: IntlShape, code: FilterCode, value: string, currency: string | null): string {
  const [from = '', to = ''] = value.split('_');
  if (code === 'price' && currency) {
    const money = (n: string) => intl.formatNumber(Number(n), { style: 'currency', currency, maximumFractionDigits: 0 });
    if (from && to) return intl.formatMessage({ id: 'catalog.filter.range', defaultMessage: '{from} – {to}' }, { from: money(from), to: money(to) });
    return from
      ? intl.formatMessage({ id: 'catalog.filter.rangeFrom', defaultMessage: '{from} and more' }, { from: money(from) })
      : intl.formatMessage({ id: 'catalog.filter.rangeTo', defaultMessage: 'Under {to}' }, { to: money(to) });
  }
  return intl.formatMessage({ id: 'catalog.filter.rangeMm', defaultMessage: '{from}–{to} mm' }, { from, to });
}
