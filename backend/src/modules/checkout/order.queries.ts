import { many, one, type Queryable } from '../../db/database';
import { authorizationError, noSuchEntityError } from '../../graphql/errors';
import { newOpaqueToken, sha256 } from '../../shared/secure-tokens';
import type { StoredAddress } from '../customer/addresses';
import { isPrescriptionLabel } from '../catalog/product-choice';

export interface OrderTotals {
  subtotal: number;
  discounts: { label: string; amount: number; code: string }[];
  discount_total: number;
  shipping: number;
  taxes: { label: string; rate: number; amount: number }[];
  tax_total: number;
  /** The lines' rows including tax added up, as the cart showed them (ADR 040); missing on orders recorded before. */
  subtotal_incl_tax?: number;
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
  /** The unit price and row total with their taxes, as the cart showed them (ADR 040); null on lines recorded before. */
  price_incl_tax: number | null;
  row_total_incl_tax: number | null;
  selected_options: { label: string; value: string }[];
  entered_options: { label: string; value: string }[];
}

type RawItem = Omit<OrderItemRow, 'quantity' | 'price' | 'row_total' | 'discount' | 'price_incl_tax' | 'row_total_incl_tax'> & {
  quantity: string;
  price: string;
  row_total: string;
  discount: string;
  price_incl_tax: string | null;
  row_total_incl_tax: string | null;
};
const amountOrNull = (value: string | null) => (value === null ? null : Number(value));

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
  return rows.map((r) => ({
    ...r,
    quantity: Number(r.quantity),
    price: Number(r.price),
    row_total: Number(r.row_total),
    discount: Number(r.discount),
    price_incl_tax: amountOrNull(r.price_incl_tax),
    row_total_incl_tax: amountOrNull(r.row_total_incl_tax),
  }));
}

/** The prescription a line carries (the text of its Prescription option), or null: lenses without one carry none. */
export const prescriptionOfItem = (item: Pick<OrderItemRow, 'entered_options'>): string | null =>
  item.entered_options.find((o) => isPrescriptionLabel(o.label) && o.value.trim() !== '')?.value ?? null;

export interface OrdersArgs {
  filter?: {
    number?: { eq?: string | null; in?: (string | null)[] | null; match?: string | null } | null;
    status?: { eq?: string | null; in?: (string | null)[] | null } | null;
  } | null;
  currentPage?: number;
  pageSize?: number;
  sort?: { sort_field: 'NUMBER' | 'CREATED_AT'; sort_direction: 'ASC' | 'DESC' } | null;
}

/** The rows of `Customer.orders`: the customer's own orders only, filtered, sorted (newest first by default) and paged. */
export async function findCustomerOrders(q: Queryable, customerId: number, args: OrdersArgs) {
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
  const statusCode = (label: string) =>
    Object.entries(STATUS_LABELS).find(([code, l]) => l.toLowerCase() === label.toLowerCase() || code === label)?.[0] ?? label;
  if (status?.eq) add('status = ?', statusCode(status.eq));
  if (status?.in?.length) add('status = ANY(?)', status.in.filter((s): s is string => Boolean(s)).map(statusCode));
  const column = args.sort?.sort_field === 'NUMBER' ? 'number' : 'created_at';
  const direction = args.sort?.sort_direction === 'ASC' ? 'ASC' : 'DESC';
  const pageSize = Math.max(1, args.pageSize ?? 20);
  const currentPage = Math.max(1, args.currentPage ?? 1);
  const all = await many<OrderRow>(q, `SELECT * FROM sales_order WHERE ${where.join(' AND ')} ORDER BY ${column} ${direction}, id ${direction}`, params);
  const page = all.slice((currentPage - 1) * pageSize, currentPage * pageSize);
  const first = await one<{ created_at: Date }>(q, 'SELECT created_at FROM sales_order WHERE customer_id = $1 ORDER BY created_at LIMIT 1', [customerId]);
  return { page, totalCount: all.length, currentPage, pageSize, firstOrderAt: first?.created_at ?? null };
}

/** Issues the single-use key of an order's prescription-fix link (stored hashed); answers the key. */
export async function issuePrescriptionFixKey(q: Queryable, orderId: number, key = newOpaqueToken(16)): Promise<string> {
  await q.query('UPDATE sales_order SET prescription_fix_key_hash = $2, prescription_fix_used_at = NULL WHERE id = $1', [orderId, sha256(key)]);
  return key;
}
