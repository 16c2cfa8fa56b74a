import { sha256 } from '../../shared/secure-tokens';
import type { CartTotals } from './cart-totals';

/**
 * What the shopper reviews before placing an order (ADR 039), as one opaque digest: every line
 * (its product, quantity, chosen and typed options, price and row total), the coupon, the shipping
 * method and every total, in the cart's currency. The cart's `version` (ADR 034) is not used: it
 * rises with every write, the payment method set just before placing the order included, while
 * this changes only when something the review shows changes.
 */
export function reviewDigestOf(totals: CartTotals): string {
  const lines = totals.items.map((item) => [
    item.row.id,
    item.row.sku,
    item.row.quantity,
    item.row.configurable_options.map((o) => [o.option_label, o.value_label]),
    item.row.customizable_options.map((o) => [o.label, o.values.map((v) => [v.label, v.value])]),
    item.price,
    item.rowTotal,
    item.discount,
  ]);
  const shipping = totals.selectedShipping ? [totals.selectedShipping.carrier_code, totals.selectedShipping.method_code] : null;
  return sha256(
    JSON.stringify([
      totals.currency,
      lines,
      totals.coupon?.code ?? null,
      shipping,
      totals.subtotal,
      totals.discountTotal,
      totals.shippingAmount,
      totals.taxTotal,
      totals.grandTotal,
    ]),
  );
}
