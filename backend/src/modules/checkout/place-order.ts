import { one, type Queryable } from '../../db/database';
import { roundMoney } from '../../shared/input-rules';
import type { ModuleDeps } from '../../shared/module-deps';
import { queueMail } from '../../shared/outbox';
import { newOpaqueToken } from '../../shared/secure-tokens';
import type { CartTotals } from '../cart/cart-totals';
import { reviewDigestOf } from '../cart/review-digest';
import { type CartRow, updateCart } from '../cart/cart.queries';
import { findPaymentMethod } from '../cart/payment-methods';
import { formatMoneyIn } from '../cart/cart-totals';
import { sayIn } from '../eyewear/prescription-fix.mail';
import { findStoreView } from '../store/store-views';
import { QTY_NOT_AVAILABLE, takeStock } from '../catalog/catalog-lookup';
import type { StoredAddress } from '../customer/addresses';
import { findCustomerById } from '../customer/customer.queries';
import { totalsOf } from './checkout-steps';
import { startHostedPayment } from './hosted-payment.queries';
import { issuePrescriptionFixKey, orderItems, orderNumberOf, prescriptionOfItem, type OrderRow, type OrderTotals } from './order.queries';

export type PlaceOrderErrorCode = 'CART_NOT_FOUND' | 'CART_NOT_ACTIVE' | 'GUEST_EMAIL_MISSING' | 'UNABLE_TO_PLACE_ORDER' | 'UNDEFINED' | 'LUNETTE_CART_CHANGED';

/** Why an order could not be placed; placeOrder answers it in `errors` (Magento's PlaceOrderError). */
export class PlaceOrderFailure extends Error {
  constructor(
    readonly code: PlaceOrderErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const unable = (reason: string) => new PlaceOrderFailure('UNABLE_TO_PLACE_ORDER', `Unable to place order: ${reason}`);

/** Magento's quote validator on an empty billing address: each required field, in its order. */
const BILLING_ADDRESS_MISSING = `Please check the billing address information. ${[
  'firstname',
  'lastname',
  'street',
  'city',
  'telephone',
  'postcode',
  'countryId',
]
  .map((field) => `"${field}" is required. Enter and try again.`)
  .join(' ')}`;

const isTextOption = (type: string) => type === 'field' || type === 'area';

/**
 * Magento's order item options (SalesGraphQl OptionsProcessor): the colour, size and the chosen
 * values of select-like custom options are `selected_options`; what the shopper typed (text custom
 * options, such as the prescription) is `entered_options` only, never both.
 */
export function optionsOfItem(item: Pick<CartTotals['items'][number], 'row'>) {
  const configurable = item.row.configurable_options.map((o) => ({ label: o.option_label, value: o.value_label }));
  const custom = item.row.customizable_options
    .filter((o) => !isTextOption(o.type))
    .map((o) => ({ label: o.label, value: o.values.map((v) => v.label).join(', ') }));
  const entered = item.row.customizable_options.filter((o) => isTextOption(o.type)).map((o) => ({ label: o.label, value: o.values[0]?.value ?? '' }));
  return { selected: [...configurable, ...custom], entered };
}

async function checkOrderable(
  q: Queryable,
  cart: CartRow,
  totals: CartTotals,
): Promise<{ email: string; billing: StoredAddress; names: { firstname: string; lastname: string } }> {
  // Magento 2.4.9's words for each missing step (QuoteManagement::submit, the quote validator).
  if (!totals.items.length) throw unable('A server error stopped your order from being placed. Please try to place your order again.');
  const customer = cart.customer_id === null ? null : await findCustomerById(q, cart.customer_id);
  const email = customer?.email ?? cart.email;
  if (!email) throw new PlaceOrderFailure('GUEST_EMAIL_MISSING', 'Guest email for cart is missing.');
  if (!totals.isVirtual) {
    if (!cart.shipping_address) throw unable("Some addresses can't be used due to the configurations for specific countries.");
    if (!totals.selectedShipping) throw unable('The shipping method is missing. Select the shipping method and try again.');
  }
  const billing = cart.billing_address;
  if (!billing) throw unable(BILLING_ADDRESS_MISSING);
  if (!cart.payment_method) throw unable('Enter a valid payment method and try again.');
  if (!totals.paymentMethods.some((m) => m.code === cart.payment_method)) throw unable('The requested Payment Method is not available.');
  if (totals.items.some((i) => i.problem)) throw unable('Some of the products are out of stock.');
  return { email, billing, names: customer ?? billing };
}

/**
 * ADR 039: the cart is ordered only as the shopper reviewed it. A digest sent with the order that
 * differs from the cart's now (another tab or device changed it) refuses the order, naming what the
 * cart holds now; no digest sent (an older storefront) orders the cart as it is.
 */
function checkReviewed(totals: CartTotals, reviewDigest: string | null | undefined): void {
  if (reviewDigest === null || reviewDigest === undefined || reviewDigest === reviewDigestOf(totals)) return;
  throw new PlaceOrderFailure(
    'LUNETTE_CART_CHANGED',
    `The cart changed after you reviewed it (items: ${totals.totalQuantity}, order total: ${totals.grandTotal.toFixed(2)} ${totals.currency}). Review the order and place it again.`,
  );
}

/**
 * Turns an active cart into an order inside the caller's transaction: checks it is the cart the
 * shopper reviewed (ADR 039) and can be ordered, takes the stock, records the order in the cart's
 * currency, closes the cart, and issues the prescription-fix key. Hosted payment methods leave the
 * order `pending_payment`.
 */
export async function placeOrderFromCart(q: Queryable, cart: CartRow, deps: ModuleDeps, origin: string, reviewDigest?: string | null): Promise<OrderRow> {
  const now = deps.clock.now();
  const totals = await totalsOf(q, cart, now);
  checkReviewed(totals, reviewDigest);
  const { email, billing, names } = await checkOrderable(q, cart, totals);
  const method = findPaymentMethod(cart.payment_method!)!;
  const id = (await one<{ id: number }>(q, "SELECT nextval(pg_get_serial_sequence('sales_order', 'id'))::int AS id"))!.id;
  const orderTotals: OrderTotals = {
    subtotal: totals.subtotal,
    discounts: totals.discounts,
    discount_total: totals.discountTotal,
    shipping: totals.shippingAmount,
    taxes: totals.taxes,
    tax_total: totals.taxTotal,
    subtotal_incl_tax: totals.subtotalInclTax,
    grand_total: totals.grandTotal,
    base_grand_total: roundMoney(totals.grandTotal / totals.rate),
  };
  const shippingMethod = totals.selectedShipping
    ? {
        carrier_code: totals.selectedShipping.carrier_code,
        method_code: totals.selectedShipping.method_code,
        carrier_title: totals.selectedShipping.carrier_title,
        method_title: totals.selectedShipping.method_title,
      }
    : null;
  const order = (await one<OrderRow>(
    q,
    `INSERT INTO sales_order (id, number, token, customer_id, cart_id, store_code, currency, email, firstname, lastname, status, is_virtual,
       shipping_address, billing_address, shipping_method, payment, totals, coupon_code, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19) RETURNING *`,
    [
      id,
      orderNumberOf(id),
      newOpaqueToken(24),
      cart.customer_id,
      cart.id,
      cart.store_code,
      totals.currency,
      email,
      names.firstname,
      names.lastname,
      method.hosted ? 'pending_payment' : 'pending',
      totals.isVirtual,
      totals.isVirtual ? null : JSON.stringify(cart.shipping_address),
      JSON.stringify(billing),
      shippingMethod ? JSON.stringify(shippingMethod) : null,
      JSON.stringify({ code: method.code, title: totals.paymentTitleOf(method), additional: totals.paymentAdditionalOf(method) }),
      JSON.stringify(orderTotals),
      totals.coupon?.code ?? null,
      now,
    ],
  ))!;
  for (const item of totals.items) {
    const { selected, entered } = optionsOfItem(item);
    await q.query(
      `INSERT INTO sales_order_item (order_id, product_id, parent_product_id, sku, parent_sku, name, url_key, item_type, quantity, price, row_total, discount, selected_options, entered_options,
         price_incl_tax, row_total_incl_tax)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [
        order.id,
        item.row.product_id,
        item.row.parent_product_id,
        item.row.sku,
        item.row.parent_sku,
        item.row.name,
        item.product?.urlKey ?? null,
        item.row.item_type,
        item.row.quantity,
        item.price,
        item.rowTotal,
        item.discount,
        JSON.stringify(selected),
        JSON.stringify(entered),
        item.priceInclTax,
        item.rowTotalInclTax,
      ],
    );
  }
  await updateCart(q, cart.id, { is_active: false }, now);
  const placed = method.hosted ? await startHostedPayment(q, order, method, origin, now) : order;
  // An order paid on the provider's page is confirmed once its payment is approved
  // (lunetteVerifyPaymentReturn), never before: a declined or cancelled payment sends no mail.
  if (!method.hosted) await confirmOrderByMail(q, deps, order, origin, now);
  // The stock last (ADR 038): its rows are shared by every order of the same frames, so they are
  // locked by the transaction's last statements and held only until its commit; everything above
  // touches this order's and this cart's rows alone. Fewer units left than a line asks rolls back
  // the whole order.
  try {
    await takeStock(
      q,
      totals.items.map((item) => ({ productId: item.row.product_id, qty: item.row.quantity })),
    );
  } catch (error) {
    // a database failure is not "no stock left": it goes up as the error it is
    if (error instanceof Error && 'code' in error) throw error;
    throw unable(QTY_NOT_AVAILABLE);
  }
  return placed;
}

/**
 * "Thank you for your order"; an order with a prescription (a line whose Prescription option is
 * filled in) also gets its single-use prescription-fix link. An order without one gets no link
 * and no key.
 */
export const ORDER_MAIL_SUBJECT = 'Your Lunette Eyewear order #%1';
export const ORDER_MAIL_THANKS = 'Thank you for your order #%1 (%2).';
export const ORDER_MAIL_FIX_LINK = 'Need to correct the prescription of this order? Use this link once: %1';

export async function confirmOrderByMail(q: Queryable, deps: ModuleDeps, order: OrderRow, origin: string, now: Date): Promise<void> {
  // In the order's store view language, its total written as the view writes money ("141,23 €" in de).
  const locale = (await findStoreView(q, order.store_code))?.locale ?? 'en_US';
  const thanks = sayIn(locale, ORDER_MAIL_THANKS, order.number, formatMoneyIn({ locale, currency: order.currency }, order.totals.grand_total));
  const subject = sayIn(locale, ORDER_MAIL_SUBJECT, order.number);
  const hasPrescription = (await orderItems(q, order.id)).some((item) => prescriptionOfItem(item) !== null);
  if (!hasPrescription) {
    await queueMail(q, deps, { recipient: order.email, subject, body: thanks, now });
    return;
  }
  const key = await issuePrescriptionFixKey(q, order.id);
  const fixLink = `${origin}/${order.store_code}/prescriptionfix/${order.number}/${key}`;
  await queueMail(q, deps, {
    recipient: order.email,
    subject,
    body: `${thanks}\n\n${sayIn(locale, ORDER_MAIL_FIX_LINK, fixLink)}`,
    link: fixLink,
    now,
  });
}
