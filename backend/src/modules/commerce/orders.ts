import { many, one, type Queryable } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { authorizationError, noSuchEntityError } from '../../graphql/errors';
import { productNodeById } from '../catalog/catalog-lookup';
import { orderAddressNode, type StoredAddress } from './addresses';
import { roundMoney } from './input-rules';
import { uidOf } from './secure-tokens';

export interface OrderTotals {
  subtotal: number;
  discounts: { label: string; amount: number; code: string }[];
  discount_total: number;
  shipping: number;
  taxes: { label: string; rate: number; amount: number }[];
  tax_total: number;
  grand_total: number;
  /** Grand total in the base currency (USD). */
  base_grand_total: number;
}

export interface OrderRow {
  id: number;
  number: string;
  token: string;
  customer_id: number | null;
  cart_id: number | null;
  store_code: string;
  currency: string;
  email: string;
  firstname: string;
  lastname: string;
  status: 'pending' | 'pending_payment' | 'processing' | 'canceled';
  is_virtual: boolean;
  shipping_address: StoredAddress | null;
  billing_address: StoredAddress;
  shipping_method: { carrier_code: string; method_code: string; carrier_title: string; method_title: string } | null;
  payment: { code: string; title: string; additional: { name: string; value: string }[] };
  totals: OrderTotals;
  coupon_code: string | null;
  prescription_fix: { prescription: unknown; comment: string | null; fixed_at: string } | null;
  created_at: Date;
  updated_at: Date;
}

export interface OrderItemRow {
  id: number;
  order_id: number;
  product_id: number;
  parent_product_id: number | null;
  sku: string;
  parent_sku: string | null;
  name: string;
  url_key: string | null;
  item_type: string;
  quantity: number;
  price: number;
  row_total: number;
  discount: number;
  selected_options: { label: string; value: string }[];
  entered_options: { label: string; value: string }[];
}

type RawItem = Omit<OrderItemRow, 'quantity' | 'price' | 'row_total' | 'discount'> & { quantity: string; price: string; row_total: string; discount: string };

export const STATUS_LABELS: Record<OrderRow['status'], string> = {
  pending: 'Pending',
  pending_payment: 'Pending Payment',
  processing: 'Processing',
  canceled: 'Canceled',
};

/** Magento's increment id: the order's id, 9 digits. */
export const orderNumberOf = (id: number) => String(id).padStart(9, '0');

export const findOrderByNumber = (q: Queryable, number: string) => one<OrderRow>(q, 'SELECT * FROM sales_order WHERE number = $1', [number]);
export const findOrderById = (q: Queryable, id: number) => one<OrderRow>(q, 'SELECT * FROM sales_order WHERE id = $1', [id]);

export const GUEST_ORDER_NOT_FOUND = "We couldn't locate an order with the information provided.";
export const GUEST_ORDER_OF_CUSTOMER = 'Please login to view the order.';

/**
 * Magento's `guestOrder`: the order of this store view with this number, whose email and billing
 * last name match (case does not matter). A customer's order is not shown to a guest.
 */
export async function findGuestOrder(q: Queryable, input: { number: string; email: string; lastname: string; storeCode: string }): Promise<OrderRow> {
  const order = await findOrderByNumber(q, input.number.trim());
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  if (!order || order.store_code !== input.storeCode || !same(order.email, input.email) || !same(order.billing_address.lastname, input.lastname)) {
    throw noSuchEntityError(GUEST_ORDER_NOT_FOUND);
  }
  if (order.customer_id !== null) throw authorizationError(GUEST_ORDER_OF_CUSTOMER);
  return order;
}

/**
 * Magento's `guestOrderByToken`: the order of this store view with this token (handed to the shopper
 * who placed it, e.g. by a verified payment return). A customer's order is not shown to a guest.
 */
export async function findGuestOrderByToken(q: Queryable, input: { token: string; storeCode: string }): Promise<OrderRow> {
  const order = await one<OrderRow>(q, 'SELECT * FROM sales_order WHERE token = $1', [input.token.trim()]);
  if (!order || order.store_code !== input.storeCode) throw noSuchEntityError(GUEST_ORDER_NOT_FOUND);
  if (order.customer_id !== null) throw authorizationError(GUEST_ORDER_OF_CUSTOMER);
  return order;
}

export async function orderItems(q: Queryable, orderId: number): Promise<OrderItemRow[]> {
  const rows = await many<RawItem>(q, 'SELECT * FROM sales_order_item WHERE order_id = $1 ORDER BY id', [orderId]);
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), price: Number(r.price), row_total: Number(r.row_total), discount: Number(r.discount) }));
}

const dateTime = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

function orderItemNode(item: OrderItemRow, order: OrderRow) {
  const money = (value: number) => ({ value: roundMoney(value), currency: order.currency });
  const discounts = item.discount > 0 ? [{ amount: money(item.discount), label: order.totals.discounts[0]?.label ?? 'Discount', applied_to: 'ITEM' }] : [];
  return {
    __typename: item.parent_sku ? 'ConfigurableOrderItem' : 'OrderItem',
    id: uidOf(item.id),
    product_name: item.name,
    product_sku: item.sku,
    parent_sku: item.parent_sku,
    product_url_key: item.url_key,
    product_type: item.item_type,
    product_sale_price: money(item.price),
    quantity_ordered: item.quantity,
    quantity_invoiced: 0,
    quantity_shipped: 0,
    quantity_canceled: order.status === 'canceled' ? item.quantity : 0,
    quantity_refunded: 0,
    selected_options: item.selected_options,
    entered_options: item.entered_options,
    status: order.status === 'canceled' ? 'Canceled' : 'Ordered',
    discounts,
    gift_message: null,
    prices: {
      price: money(item.price),
      price_including_tax: money(item.price),
      original_price: money(item.price),
      original_price_including_tax: money(item.price),
      row_total: money(item.row_total),
      row_total_including_tax: money(item.row_total),
      original_row_total: money(item.row_total),
      original_row_total_including_tax: money(item.row_total),
      total_item_discount: money(item.discount),
      discounts,
      fixed_product_taxes: [],
    },
    product: (_args: unknown, ctx: RequestContext) => productNodeById(ctx, item.parent_product_id ?? item.product_id),
  };
}

/** A `CustomerOrder` answer, in the currency the order was placed in. */
export function orderNode(order: OrderRow, items: OrderItemRow[]) {
  const t = order.totals;
  const money = (value: number) => ({ value: roundMoney(value), currency: order.currency });
  const shippingTitle = order.shipping_method ? `${order.shipping_method.carrier_title} - ${order.shipping_method.method_title}` : null;
  return {
    id: uidOf(order.id),
    number: order.number,
    order_number: order.number,
    increment_id: order.number,
    token: order.token,
    order_date: dateTime(order.created_at),
    created_at: dateTime(order.created_at),
    order_status_change_date: dateTime(order.updated_at),
    status: STATUS_LABELS[order.status],
    email: order.email,
    is_virtual: order.is_virtual,
    customer_info: { firstname: order.firstname, lastname: order.lastname, middlename: null, prefix: null, suffix: null },
    items: items.map((i) => orderItemNode(i, order)),
    applied_coupons: order.coupon_code ? [{ code: order.coupon_code }] : [],
    shipping_address: order.shipping_address ? orderAddressNode(order.shipping_address) : null,
    billing_address: orderAddressNode(order.billing_address),
    shipping_method: shippingTitle,
    carrier: order.shipping_method?.carrier_title ?? null,
    payment_methods: [{ name: order.payment.title, type: order.payment.code, additional_data: order.payment.additional }],
    total: {
      subtotal: money(t.subtotal),
      subtotal_excl_tax: money(t.subtotal),
      subtotal_incl_tax: money(t.subtotal + t.tax_total),
      discounts: t.discounts.map((d) => ({ amount: money(d.amount), label: d.label, applied_to: 'ITEM', coupon: { code: d.code } })),
      taxes: t.taxes.map((tax) => ({ amount: money(tax.amount), rate: tax.rate, title: tax.label })),
      total_tax: money(t.tax_total),
      total_shipping: money(t.shipping),
      shipping_handling: {
        amount_excluding_tax: money(t.shipping),
        amount_including_tax: money(t.shipping),
        total_amount: money(t.shipping),
        discounts: [],
        taxes: [],
      },
      grand_total: money(t.grand_total),
      grand_total_excl_tax: money(t.grand_total - t.tax_total),
      base_grand_total: { value: t.base_grand_total, currency: 'USD' },
    },
    grand_total: t.grand_total,
    available_actions: [],
    invoices: [],
    shipments: [],
    credit_memos: [],
    comments: [],
    gift_message: null,
  };
}

export async function loadOrderNode(q: Queryable, order: OrderRow) {
  return orderNode(order, await orderItems(q, order.id));
}

interface OrdersArgs {
  filter?: { number?: { eq?: string | null; in?: (string | null)[] | null; match?: string | null } | null; status?: { eq?: string | null; in?: (string | null)[] | null } | null } | null;
  currentPage?: number;
  pageSize?: number;
  sort?: { sort_field: 'NUMBER' | 'CREATED_AT'; sort_direction: 'ASC' | 'DESC' } | null;
}

/** `Customer.orders`: the customer's own orders only, filtered, sorted (newest first by default) and paged. */
export async function customerOrders(q: Queryable, customerId: number, args: OrdersArgs) {
  const where = ['customer_id = $1'];
  const params: unknown[] = [customerId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  const number = args.filter?.number;
  if (number?.eq) add('number = ?', number.eq);
  if (number?.in?.length) add('number = ANY(?)', number.in.filter(Boolean));
  if (number?.match) add('number LIKE ?', `%${number.match}%`);
  const status = args.filter?.status;
  const statusCode = (label: string) => Object.entries(STATUS_LABELS).find(([code, l]) => l.toLowerCase() === label.toLowerCase() || code === label)?.[0] ?? label;
  if (status?.eq) add('status = ?', statusCode(status.eq));
  if (status?.in?.length) add('status = ANY(?)', status.in.filter((s): s is string => Boolean(s)).map(statusCode));
  const column = args.sort?.sort_field === 'NUMBER' ? 'number' : 'created_at';
  const direction = args.sort?.sort_direction === 'ASC' ? 'ASC' : 'DESC';
  const pageSize = Math.max(1, args.pageSize ?? 20);
  const currentPage = Math.max(1, args.currentPage ?? 1);
  const all = await many<OrderRow>(q, `SELECT * FROM sales_order WHERE ${where.join(' AND ')} ORDER BY ${column} ${direction}, id ${direction}`, params);
  const page = all.slice((currentPage - 1) * pageSize, currentPage * pageSize);
  const first = await one<{ created_at: Date }>(q, 'SELECT created_at FROM sales_order WHERE customer_id = $1 ORDER BY created_at LIMIT 1', [customerId]);
  return {
    items: await Promise.all(page.map((o) => loadOrderNode(q, o))),
    total_count: all.length,
    page_info: { current_page: currentPage, page_size: pageSize, total_pages: Math.ceil(all.length / pageSize) },
    date_of_first_order: first ? dateTime(first.created_at) : null,
  };
}
