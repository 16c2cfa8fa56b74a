import type { CartTotals } from '../cart/cart-totals';
import type { CartRow } from '../cart/cart.queries';

export function totalsBody(t: CartTotals, base: CartTotals, cart: CartRow) {
  const segment = (code: string, title: string, value: number) => ({ code, title, value });
  const shippingTitle = t.selectedShipping
    ? `Shipping & Handling (${t.selectedShipping.carrier_title} - ${t.selectedShipping.method_title})`
    : 'Shipping & Handling';
  return {
    grand_total: t.grandTotal,
    base_grand_total: base.grandTotal,
    subtotal: t.subtotal,
    base_subtotal: base.subtotal,
    discount_amount: -t.discountTotal,
    base_discount_amount: -base.discountTotal,
    subtotal_with_discount: t.subtotal - t.discountTotal,
    base_subtotal_with_discount: base.subtotal - base.discountTotal,
    shipping_amount: t.shippingAmount,
    base_shipping_amount: base.shippingAmount,
    shipping_discount_amount: 0,
    base_shipping_discount_amount: 0,
    tax_amount: t.taxTotal,
    base_tax_amount: base.taxTotal,
    shipping_tax_amount: 0,
    base_shipping_tax_amount: 0,
    subtotal_incl_tax: Math.round((t.subtotal + t.taxTotal) * 100) / 100,
    shipping_incl_tax: t.shippingAmount,
    base_shipping_incl_tax: base.shippingAmount,
    base_currency_code: 'USD',
    quote_currency_code: t.currency,
    ...(t.coupon ? { coupon_code: t.coupon.code } : {}),
    items_qty: t.totalQuantity,
    items: t.items.map((i) => ({
      item_id: i.row.id,
      price: i.price,
      base_price: i.row.unit_price_usd,
      qty: i.row.quantity,
      row_total: i.rowTotal,
      base_row_total: Math.round(i.row.unit_price_usd * i.row.quantity * 100) / 100,
      row_total_with_discount: i.rowTotal - i.discount,
      tax_amount: 0,
      discount_amount: i.discount,
      discount_percent: t.coupon?.kind === 'percent' ? t.coupon.amount : 0,
      price_incl_tax: i.price,
      row_total_incl_tax: i.rowTotal,
      name: i.row.name,
      options: JSON.stringify([
        ...i.row.configurable_options.map((o) => ({ label: o.option_label, value: o.value_label })),
        ...i.row.customizable_options.map((o) => ({ label: o.label, value: o.values.map((v) => v.label || v.value).join(', ') })),
      ]),
    })),
    total_segments: [
      segment('subtotal', 'Subtotal', t.subtotal),
      ...(t.discountTotal ? [segment('discount', `Discount (${t.coupon?.label ?? ''})`, -t.discountTotal)] : []),
      ...(cart.shipping_address ? [segment('shipping', shippingTitle, t.shippingAmount)] : []),
      {
        ...segment('tax', 'Tax', t.taxTotal),
        extension_attributes: {
          tax_grandtotal_details: t.taxes.map((x) => ({ amount: x.amount, rates: [{ percent: String(x.rate), title: x.label }], group_id: 1 })),
        },
      },
      segment('grand_total', 'Grand Total', t.grandTotal),
    ],
  };
}
