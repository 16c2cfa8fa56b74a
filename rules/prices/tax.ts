/**
 * How an amount shown with its tax is made (ADR 040), once for the backend and the storefront.
 *
 * Magento rounds a tax once per row and rate (`tax/calculation/algorithm` ROW_BASE_CALCULATION):
 * the row's amount before tax, plus each tax at each rate on that amount, each rounded to cents.
 * The catalog shows a unit (a frame, a lens option) the same way, as a row of one. A cart line of a
 * frame with its lenses is one row: its price with tax is its parts before tax added up, then
 * taxed once, so it can be a cent off the parts' prices with tax added up. The lens wizard's total
 * is that line's price, computed here as the cart computes it.
 */

/** An amount rounded to cents (half up, as the backend has always rounded money). */
export const roundCents = (amount: number): number => Math.round((amount + Number.EPSILON) * 100) / 100;

/** An amount (in cents) with each tax added, each rounded to cents on the amount: a row's, or a unit's as the catalog shows it. */
export function withTaxes(amount: number, percents: readonly number[]): number {
  return percents.reduce((sum, percent) => roundCents(sum + roundCents((amount * percent) / 100)), amount);
}

/**
 * The amount before tax of an amount shown with its taxes (`withTaxes`' inverse). `withTaxes`
 * rises with every cent of its amount, so each amount it makes comes from one amount before tax;
 * an amount it cannot make (none of the catalog's) answers the nearest amount before tax.
 */
export function withoutTaxes(shown: number, percents: readonly number[]): number {
  if (!percents.length) return shown;
  const estimate = roundCents(shown / (1 + percents.reduce((sum, p) => sum + p, 0) / 100));
  for (const cents of [0, -1, 1, -2, 2]) {
    const amount = roundCents(estimate + cents / 100);
    if (withTaxes(amount, percents) === shown) return amount;
  }
  return estimate;
}

/**
 * The price with tax of one cart line made of parts shown with their taxes (a frame and its lens
 * options, each as the catalog shows it): the parts before tax added up, then taxed once, as the
 * cart prices the line (`price_including_tax`).
 */
export function lineWithTaxes(shownParts: readonly number[], percents: readonly number[]): number {
  const beforeTax = roundCents(shownParts.reduce((sum, part) => sum + withoutTaxes(part, percents), 0));
  return withTaxes(beforeTax, percents);
}
