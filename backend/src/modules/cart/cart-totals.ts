import type { Queryable } from '../../db/database';
import { roundMoney } from '../../shared/input-rules';
import { findProductsByIds, type SellableProduct } from '../catalog/catalog-lookup';
import { isPrescriptionLabel } from '../catalog/product-choice';
import { translateMessage } from '../../shared/messages/messages';
import { exchangeRate, findStoreView, storeConfigOf } from '../store/store-views';
import { localisedPaymentMethod, localisedShippingMethod } from './method-titles';
import type { CartItemRow, CartRow } from './cart.queries';
import { type Coupon, findCoupon, isCouponUsable } from './coupons';
import { availablePaymentMethods, paymentAdditionalOf, type PaymentMethodDefinition } from './payment-methods';
import { EXPRESS, FLAT_RATE, FREE_SHIPPING, type ShippingMethodDefinition } from './shipping-methods';
import { type TaxRate, taxRatesFor } from './tax-rates';
import { withTaxes } from '../store/country-settings';
import { freeShippingIncludesTax, freeShippingSubtotalOf, labWorkingDaysOf } from '../store/shipping-settings';

export interface ItemProblem {
  code: 'ITEM_QTY' | 'UNDEFINED';
  message: string;
}

export interface PricedItem {
  row: CartItemRow;
  /** Unit price with lens options, in the cart's currency. */
  price: number;
  rowTotal: number;
  /** The unit price (as the catalog shows it) and the row total with their taxes, each tax rounded once per row (ADR 040). */
  priceInclTax: number;
  rowTotalInclTax: number;
  discount: number;
  product: SellableProduct | null;
  problem: ItemProblem | null;
}

export interface PricedShippingMethod extends ShippingMethodDefinition {
  amount: number;
  available: boolean;
  /** Magento's rates answer "" when the method is available. */
  error_message: string;
}

export interface CartTotals {
  currency: string;
  rate: number;
  items: PricedItem[];
  totalQuantity: number;
  isVirtual: boolean;
  coupon: Coupon | null;
  subtotal: number;
  discounts: { label: string; amount: number; code: string }[];
  discountTotal: number;
  shippingMethods: PricedShippingMethod[];
  selectedShipping: PricedShippingMethod | null;
  shippingAmount: number;
  taxes: { label: string; rate: number; amount: number }[];
  taxTotal: number;
  /** The rows including tax added up (their taxes before discount): without a discount, the grand total less shipping. */
  subtotalInclTax: number;
  grandTotal: number;
  paymentMethods: PaymentMethodDefinition[];
  /** A payment method's title in the cart's store view. */
  paymentTitleOf(method: PaymentMethodDefinition): string;
  /** The order payment's additional data for this method (a check's payee and mailing address). */
  paymentAdditionalOf(method: PaymentMethodDefinition): { name: string; value: string }[];
}

export const OUT_OF_STOCK_ITEM = 'There are no source items with the in stock status';
export const QTY_NOT_AVAILABLE = 'The requested qty is not available';

/** Why an item cannot be bought as it is now (the product went out of stock, or too few are left). */
export function itemProblem(product: SellableProduct | null, quantity: number): ItemProblem | null {
  if (!product || product.stockStatus === 'OUT_OF_STOCK') return { code: 'ITEM_QTY', message: OUT_OF_STOCK_ITEM };
  if (quantity > product.qty) return { code: 'ITEM_QTY', message: QTY_NOT_AVAILABLE };
  return null;
}

/** Currency and rate of a store view (from USD), its locale and own settings, usable inside a transaction. */
export async function storeCurrency(
  q: Queryable,
  storeCode: string,
): Promise<{ currency: string; rate: number; locale: string; config: ReadonlyMap<string, string> }> {
  const store = await findStoreView(q, storeCode);
  if (!store) throw new Error(`Unknown store view ${storeCode}`);
  return {
    currency: store.displayCurrency,
    rate: await exchangeRate(q, store.baseCurrency, store.displayCurrency),
    locale: store.locale,
    config: await storeConfigOf(q, store.id),
  };
}

function discountsOf(coupon: Coupon | null, items: PricedItem[], subtotal: number, rate: number): void {
  if (!coupon || subtotal <= 0) return;
  if (coupon.kind === 'percent') {
    for (const item of items) item.discount = roundMoney((item.rowTotal * coupon.amount) / 100);
  } else if (coupon.kind === 'fixed') {
    // A cart-wide amount, spread over the items by their share (the last item takes the rounding rest).
    const total = Math.min(subtotal, roundMoney(coupon.amount * rate));
    let given = 0;
    items.forEach((item, index) => {
      item.discount = index === items.length - 1 ? roundMoney(total - given) : roundMoney((total * item.rowTotal) / subtotal);
      given = roundMoney(given + item.discount);
    });
  }
}

interface StoreWords {
  locale: string;
  currency: string;
  config: ReadonlyMap<string, string>;
}

/** The money formats made so far, by locale and currency: making one costs far more than using it (a handful of store views). */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount as the store view writes money in its messages: its currency, its number format ("92,00 €" in de, not "92.00"). */
export function formatMoneyIn(words: { locale: string; currency: string }, amount: number): string {
  const key = `${words.locale}|${words.currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(words.locale.replace('_', '-'), { style: 'currency', currency: words.currency });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

/** A line the lab makes lenses for: its Prescription option is filled in (as an order line's prescription is read). */
export const carriesPrescription = (row: Pick<CartItemRow, 'customizable_options'>): boolean =>
  row.customizable_options.some((o) => isPrescriptionLabel(o.label) && o.values.some((v) => v.value.trim() !== ''));

/**
 * The methods of a cart that ships (ADR 040): one standard parcel, free from the store view's
 * free-shipping subtotal (after discount, in its currency, with the tax where the view's
 * `carriers/freeshipping/tax_including` says so) or with a free-shipping coupon; below
 * the subtotal the free-shipping carrier is listed unavailable, its error message naming the
 * subtotal as the view writes money. Every estimate adds the lab's working days when a line
 * carries a prescription (spec §2 checkout).
 */
function shippingMethodsOf(
  cart: CartRow,
  rows: CartItemRow[],
  coupon: Coupon | null,
  afterDiscount: { excludingTax: number; includingTax: number },
  [rate, storeRate]: [rate: number, storeRate: number],
  words: StoreWords,
): PricedShippingMethod[] {
  if (!cart.shipping_address) return [];
  const threshold = freeShippingSubtotalOf(words.config);
  // Where the view shows cart prices with their tax, the subtotal is compared with its tax, as the shopper sees it (ADR 040).
  const compared = freeShippingIncludesTax(words.config) ? afterDiscount.includingTax : afterDiscount.excludingTax;
  // Totals in another currency than the view's (the REST base amounts) compare with the subtotal converted.
  const free = coupon?.kind === 'free_shipping' || (threshold !== null && compared >= roundMoney((threshold * rate) / storeRate));
  const labDays = rows.some(carriesPrescription) ? labWorkingDaysOf(words.config) : 0;
  const priced = (m: ShippingMethodDefinition, amount: number, error_message = ''): PricedShippingMethod => ({
    ...localisedShippingMethod(m, words.config),
    deliveryDays: { min: m.deliveryDays.min + labDays, max: m.deliveryDays.max + labDays },
    amount,
    available: error_message === '',
    error_message,
  });
  const notice =
    free || threshold === null
      ? []
      : [priced(FREE_SHIPPING, 0, translateMessage(words.locale, `Free shipping applies to orders of ${formatMoneyIn(words, threshold)} or more.`))];
  return [priced(FLAT_RATE, free ? 0 : roundMoney(FLAT_RATE.amountUsd * rate)), ...notice, priced(EXPRESS, roundMoney(EXPRESS.amountUsd * rate))];
}

/**
 * The taxes of the cart's destination: the shipping address (the billing address of a virtual
 * cart), or before there is one, the store view's default tax destination (`tax/defaults/country`,
 * set where the view shows prices including tax) as Magento estimates them.
 */
function taxRatesOfCart(cart: CartRow, isVirtual: boolean, config: ReadonlyMap<string, string>): TaxRate[] {
  const destination = isVirtual ? cart.billing_address : cart.shipping_address;
  if (destination) return taxRatesFor(destination.country_code, destination.region_code);
  const country = config.get('tax/defaults/country');
  return country ? taxRatesFor(country, null) : [];
}

/**
 * A row's tax at one rate, rounded once on the row (Magento's `tax/calculation/algorithm`
 * ROW_BASE_CALCULATION, the shop's one rounding rule: ADR 040): on the row total after its discount
 * for the tax charged, on the row total for the row's amount including tax. Every total is a sum
 * of these rounded amounts, so the totals add up to the cent.
 */
const rowTax = (amount: number, percent: number) => roundMoney((amount * percent) / 100);

/**
 * Everything a cart's prices depend on, in the cart's store-view currency: unit prices are
 * converted first, then every total is computed in that currency and rounded to cents, so the
 * totals always add up as shown.
 */
export async function computeCartTotals(q: Queryable, cart: CartRow, rows: CartItemRow[], now: Date, rateOverride?: number): Promise<CartTotals> {
  const { currency, rate: storeRate, locale, config } = await storeCurrency(q, cart.store_code);
  const rate = rateOverride ?? storeRate;
  const items: PricedItem[] = [];
  const products = await findProductsByIds(
    q,
    rows.map((r) => r.product_id),
  );
  for (const row of rows) {
    const product = products.get(row.product_id) ?? null;
    const price = roundMoney(row.unit_price_usd * rate);
    const rowTotal = roundMoney(price * row.quantity);
    items.push({ row, price, rowTotal, priceInclTax: price, rowTotalInclTax: rowTotal, discount: 0, product, problem: itemProblem(product, row.quantity) });
  }
  const subtotal = roundMoney(items.reduce((sum, i) => sum + i.rowTotal, 0));
  const found = cart.coupon_code ? await findCoupon(q, cart.coupon_code) : null;
  const coupon = isCouponUsable(found, now) ? found : null;
  discountsOf(coupon, items, subtotal, rate);
  const discountTotal = roundMoney(items.reduce((sum, i) => sum + i.discount, 0));
  const afterDiscount = roundMoney(subtotal - discountTotal);

  const isVirtual = rows.length > 0 && rows.every((r) => r.item_type === 'virtual');
  // Shipping is not taxed (ADR 040): the rows' taxes do not depend on the method chosen.
  const rates = taxRatesOfCart(cart, isVirtual, config);
  const taxes = rates
    .map((r) => ({
      label: translateMessage(locale, r.label),
      rate: r.rate,
      amount: roundMoney(items.reduce((sum, item) => sum + rowTax(item.rowTotal - item.discount, r.rate), 0)),
    }))
    .filter((t) => t.amount > 0);
  const taxTotal = roundMoney(taxes.reduce((sum, t) => sum + t.amount, 0));

  const shippingMethods = isVirtual
    ? []
    : shippingMethodsOf(cart, rows, coupon, { excludingTax: afterDiscount, includingTax: roundMoney(afterDiscount + taxTotal) }, [rate, storeRate], {
        locale,
        currency,
        config,
      });
  const chosen = cart.shipping_method;
  const selectedShipping =
    shippingMethods.find((m) => m.available && chosen && m.carrier_code === chosen.carrier_code && m.method_code === chosen.method_code) ?? null;
  const shippingAmount = selectedShipping?.amount ?? 0;
  const percents = rates.map((r) => r.rate);
  for (const item of items) {
    item.priceInclTax = withTaxes(item.price, percents);
    item.rowTotalInclTax = withTaxes(item.rowTotal, percents);
  }
  const subtotalInclTax = roundMoney(items.reduce((sum, item) => sum + item.rowTotalInclTax, 0));
  const grandTotal = roundMoney(afterDiscount + shippingAmount + taxTotal);
  return {
    currency,
    rate,
    items,
    totalQuantity: rows.reduce((sum, r) => sum + r.quantity, 0),
    isVirtual,
    coupon,
    subtotal,
    discounts: coupon && discountTotal > 0 ? [{ label: coupon.label, amount: discountTotal, code: coupon.code }] : [],
    discountTotal,
    shippingMethods,
    selectedShipping,
    shippingAmount,
    taxes,
    taxTotal,
    subtotalInclTax,
    grandTotal,
    // titled as the cart's store view words them
    paymentMethods: availablePaymentMethods(grandTotal, config).map((m) => localisedPaymentMethod(m, config)),
    paymentTitleOf: (m: PaymentMethodDefinition) => localisedPaymentMethod(m, config).title,
    paymentAdditionalOf: (m: PaymentMethodDefinition) => paymentAdditionalOf(m, config),
  };
}
