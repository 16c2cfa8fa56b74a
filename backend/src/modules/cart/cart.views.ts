import type { RequestContext } from '../../graphql/context';
import { roundMoney } from '../../shared/input-rules';
import type { ModuleDeps } from '../../shared/module-deps';
import { pageOf } from '../../shared/paging';
import { uidOf } from '../../shared/secure-tokens';
import { selectedOptionNodes } from '../catalog/product-choice';
import { productNodeById } from '../catalog/product-nodes';
import { commonFields, type StoredAddress } from '../customer/addresses';
import { findCustomerById } from '../customer/customer.queries';
import { type CartTotals, computeCartTotals, type PricedItem, type PricedShippingMethod } from './cart-totals';
import { cartItems, type CartRow } from './cart.queries';
import { findPaymentMethod } from './payment-methods';
import { reviewDigestOf } from './review-digest';

/** `CartAddressInterface` fields (ShippingCartAddress / BillingCartAddress add their own). */
export function cartAddressNode(a: StoredAddress, uid: string) {
  return {
    ...commonFields(a),
    uid,
    region: a.region || a.region_code ? { code: a.region_code, label: a.region, region_id: a.region_id } : null,
    // Magento's ExtractQuoteAddressData answers the address's country id as its label too (`getCountry()`).
    country: { code: a.country_code, label: a.country_code },
    customer_address_uid: null,
  };
}

type Money = { value: number; currency: string };
const moneyOf = (t: CartTotals, value: number): Money => ({ value: roundMoney(value), currency: t.currency });

const ITEM_TYPENAMES = { simple: 'SimpleCartItem', configurable: 'ConfigurableCartItem', virtual: 'VirtualCartItem' } as const;

/** A `CartItemInterface` answer. Product fields resolve through the catalog, like `products` does. */
export function cartItemNode(item: PricedItem, t: CartTotals) {
  const { row } = item;
  const discounts =
    item.discount > 0 && t.coupon ? [{ amount: moneyOf(t, item.discount), label: t.coupon.label, applied_to: 'ITEM', coupon: { code: t.coupon.code } }] : [];
  return {
    __typename: ITEM_TYPENAMES[row.item_type],
    id: String(row.id),
    uid: uidOf(row.id),
    quantity: row.quantity,
    is_available: item.problem === null,
    not_available_message: item.problem?.message ?? null,
    errors: item.problem ? [item.problem] : null,
    prices: {
      price: moneyOf(t, item.price),
      price_including_tax: moneyOf(t, item.priceInclTax),
      original_item_price: moneyOf(t, item.price),
      row_total: moneyOf(t, item.rowTotal),
      row_total_including_tax: moneyOf(t, item.rowTotalInclTax),
      original_row_total: moneyOf(t, item.rowTotal),
      total_item_discount: moneyOf(t, item.discount),
      discounts,
      fixed_product_taxes: [],
      catalog_discount: null,
      row_catalog_discount: null,
    },
    product: (_args: unknown, ctx: RequestContext) => productNodeById(ctx, row.parent_product_id ?? row.product_id),
    configured_variant: (_args: unknown, ctx: RequestContext) => productNodeById(ctx, row.product_id),
    configurable_options: row.configurable_options,
    customizable_options: selectedOptionNodes(row.customizable_options, (v) => ({ units: t.currency, value: roundMoney(v.priceUsd * t.rate) })),
    gift_message: null,
  };
}

export function shippingMethodNode(m: PricedShippingMethod, t: CartTotals) {
  return {
    carrier_code: m.carrier_code,
    method_code: m.method_code,
    carrier_title: m.carrier_title,
    method_title: m.method_title,
    amount: moneyOf(t, m.amount),
    base_amount: null,
    price_excl_tax: moneyOf(t, m.amount),
    price_incl_tax: moneyOf(t, m.amount),
    available: m.available,
    error_message: m.error_message,
    lunette_delivery_days: m.deliveryDays,
  };
}

function pricesNode(t: CartTotals) {
  const discounts = t.discounts.map((d) => ({ amount: moneyOf(t, d.amount), label: d.label, applied_to: 'ITEM', coupon: { code: d.code } }));
  return {
    grand_total: moneyOf(t, t.grandTotal),
    grand_total_excluding_tax: moneyOf(t, t.grandTotal - t.taxTotal),
    subtotal_excluding_tax: moneyOf(t, t.subtotal),
    subtotal_including_tax: moneyOf(t, t.subtotalInclTax),
    subtotal_with_discount_excluding_tax: moneyOf(t, t.subtotal - t.discountTotal),
    discounts,
    discount: t.discounts.length ? { amount: moneyOf(t, t.discountTotal), label: t.discounts.map((d) => d.label) } : null,
    applied_taxes: t.taxes.map((tax) => ({ amount: moneyOf(t, tax.amount), label: tax.label })),
  };
}

/**
 * A `Cart` answer. Fields are computed on demand, once per answer (a new answer after each
 * mutation, so a request that changes the cart twice never reads stale totals).
 */
export function cartNode(cart: CartRow, deps: ModuleDeps) {
  let pending: Promise<CartTotals> | undefined;
  const totals = (ctx: RequestContext) => (pending ??= cartItems(ctx.db, cart.id).then((rows) => computeCartTotals(ctx.db, cart, rows, deps.clock.now())));
  const lazy =
    <T>(pick: (t: CartTotals, ctx: RequestContext) => T) =>
    async (_args: unknown, ctx: RequestContext) =>
      pick(await totals(ctx), ctx);
  const items = (t: CartTotals) => t.items.map((i) => cartItemNode(i, t));
  return {
    __cartId: cart.id,
    id: cart.masked_id,
    email: async (_args: unknown, ctx: RequestContext) =>
      cart.customer_id === null ? cart.email : ((await findCustomerById(ctx.db, cart.customer_id))?.email ?? null),
    is_virtual: lazy((t) => t.isVirtual),
    total_quantity: lazy((t) => t.totalQuantity),
    items: lazy(items),
    itemsV2: async (args: { pageSize?: number; currentPage?: number }, ctx: RequestContext) => pageOf(items(await totals(ctx)), args, 20),
    prices: lazy(pricesNode),
    applied_coupons: lazy((t) => (t.coupon ? [{ code: t.coupon.code }] : null)),
    applied_coupon: lazy((t) => (t.coupon ? { code: t.coupon.code } : null)),
    shipping_addresses: lazy((t) =>
      cart.shipping_address
        ? [
            {
              ...cartAddressNode(cart.shipping_address, uidOf(`cart/${cart.id}/shipping`)),
              available_shipping_methods: t.shippingMethods.map((m) => shippingMethodNode(m, t)),
              selected_shipping_method: t.selectedShipping ? shippingMethodNode(t.selectedShipping, t) : null,
              same_as_billing: cart.billing_same_as_shipping,
              customer_notes: cart.shipping_address.customer_notes ?? null,
              pickup_location_code: null,
              items_weight: 0,
              cart_items: t.items.map((i) => ({ cart_item_id: i.row.id, quantity: i.row.quantity })),
              cart_items_v2: items(t),
            },
          ]
        : [],
    ),
    billing_address: cart.billing_address ? cartAddressNode(cart.billing_address, uidOf(`cart/${cart.id}/billing`)) : null,
    available_payment_methods: lazy((t) => t.paymentMethods.map((m) => ({ code: m.code, title: m.title, is_deferred: false }))),
    selected_payment_method: lazy((t) => {
      const method = cart.payment_method ? findPaymentMethod(cart.payment_method) : null;
      return { code: method?.code ?? '', title: method ? t.paymentTitleOf(method) : '', purchase_order_number: cart.purchase_order_number };
    }),
    gift_message: null,
    rules: [],
    lunette_review_digest: lazy(reviewDigestOf),
  };
}
export type CartNode = ReturnType<typeof cartNode>;
