import { many, one, type Queryable } from '../../db/database';
import { authorizationError, inputError, noSuchEntityError } from '../../graphql/errors';
import { newMaskedCartId } from '../../shared/secure-tokens';
import type { ConfigurableChoice } from '../catalog/catalog-lookup';
import type { SelectedOption } from '../catalog/product-choice';
import type { StoredAddress } from '../customer/addresses';

export interface CartRow {
  id: number;
  masked_id: string;
  customer_id: number | null;
  store_code: string;
  is_active: boolean;
  email: string | null;
  coupon_code: string | null;
  shipping_address: StoredAddress | null;
  shipping_method: { carrier_code: string; method_code: string } | null;
  billing_address: StoredAddress | null;
  billing_same_as_shipping: boolean;
  payment_method: string | null;
  purchase_order_number: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface CartItemRow {
  id: number;
  cart_id: number;
  product_id: number;
  parent_product_id: number | null;
  sku: string;
  parent_sku: string | null;
  name: string;
  item_type: 'simple' | 'configurable' | 'virtual';
  quantity: number;
  unit_price_usd: number;
  customizable_options: SelectedOption[];
  configurable_options: ConfigurableChoice[];
  options_key: string;
}

interface RawItemRow extends Omit<CartItemRow, 'quantity' | 'unit_price_usd'> {
  quantity: string;
  unit_price_usd: string;
}

export const cartNotFound = (maskedId: string) => noSuchEntityError(`Could not find a cart with ID "${maskedId}"`);
export const CART_NOT_ACTIVE = "The cart isn't active.";
export const cannotOperateOnCart = (maskedId: string) => authorizationError(`The current user cannot perform operations on cart "${maskedId}"`);

export async function createCart(q: Queryable, customerId: number | null, storeCode: string, now: Date, maskedId = newMaskedCartId()): Promise<CartRow> {
  const row = await one<CartRow>(q, 'INSERT INTO cart (masked_id, customer_id, store_code, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) RETURNING *', [
    maskedId,
    customerId,
    storeCode,
    now,
  ]);
  return row!;
}

/**
 * `lock`: the row is locked until the transaction ends (`FOR UPDATE`), so a transaction that reads a
 * cart to change it runs after any other one changing it and sees its result: on PostgreSQL several
 * transactions (and processes) run at once; PGlite runs them one at a time anyway (ADR 017).
 */
const cartSql = (where: string, lock: boolean) => `SELECT * FROM cart WHERE ${where}${lock ? ' FOR UPDATE' : ''}`;
export const findCartByMaskedId = (q: Queryable, maskedId: string, lock = false) => one<CartRow>(q, cartSql('masked_id = $1', lock), [maskedId]);
export const findCartById = (q: Queryable, id: number, lock = false) => one<CartRow>(q, cartSql('id = $1', lock), [id]);

/**
 * Magento's GetCartForUser: the cart by masked id, refused when unknown, inactive, in another
 * store view, or not the caller's (a guest cart is usable by guests only; a customer cart by its
 * customer only). Locked for the caller's transaction unless `lock` is false (a read): two
 * requests changing one cart (20 adds at once, two place-order calls) take turns, and the second
 * sees what the first did (the cart closed by an order).
 */
export async function cartForUser(
  q: Queryable,
  maskedIdArg: string | null | undefined,
  customerId: number | null,
  storeCode: string,
  { lock = true }: { lock?: boolean } = {},
): Promise<CartRow> {
  if (!maskedIdArg?.trim()) throw inputError('Required parameter "cart_id" is missing');
  const maskedId = maskedIdArg.trim();
  const cart = await findCartByMaskedId(q, maskedId, lock);
  if (!cart) throw cartNotFound(maskedId);
  if (!cart.is_active) throw noSuchEntityError(CART_NOT_ACTIVE);
  if (cart.customer_id !== customerId) throw cannotOperateOnCart(maskedId);
  if (cart.store_code !== storeCode) throw noSuchEntityError('Wrong store code specified for cart');
  return cart;
}

/**
 * The customer's active cart, locked for the caller's transaction, created when there is none; it
 * follows the customer to the current store view. Two first requests at once create one cart: the
 * second insert meets the first's (unique index `cart_active_customer`) and takes that cart.
 */
export async function activeCustomerCart(q: Queryable, customerId: number, storeCode: string, now: Date): Promise<CartRow> {
  const active = () => one<CartRow>(q, 'SELECT * FROM cart WHERE customer_id = $1 AND is_active FOR UPDATE', [customerId]);
  let cart = await active();
  if (!cart) {
    const created = await one<CartRow>(
      q,
      `INSERT INTO cart (masked_id, customer_id, store_code, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (customer_id) WHERE is_active AND customer_id IS NOT NULL DO NOTHING RETURNING *`,
      [newMaskedCartId(), customerId, storeCode, now],
    );
    if (created) return created;
    cart = (await active())!;
  }
  if (cart.store_code === storeCode) return cart;
  return (await one<CartRow>(q, 'UPDATE cart SET store_code = $2, updated_at = $3 WHERE id = $1 RETURNING *', [cart.id, storeCode, now]))!;
}

export async function cartItems(q: Queryable, cartId: number): Promise<CartItemRow[]> {
  const rows = await many<RawItemRow>(q, 'SELECT * FROM cart_item WHERE cart_id = $1 ORDER BY id', [cartId]);
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), unit_price_usd: Number(r.unit_price_usd) }));
}

export async function touchCart(q: Queryable, cartId: number, now: Date): Promise<void> {
  await q.query('UPDATE cart SET updated_at = $2 WHERE id = $1', [cartId, now]);
}

export async function updateCart(q: Queryable, cartId: number, changes: Partial<Omit<CartRow, 'id'>>, now: Date): Promise<CartRow> {
  const entries = Object.entries(changes);
  const sets = entries.map(([column], i) => `${column} = $${i + 3}`);
  const values = entries.map(([, value]) => (value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value));
  const row = await one<CartRow>(q, `UPDATE cart SET updated_at = $2${sets.length ? `, ${sets.join(', ')}` : ''} WHERE id = $1 RETURNING *`, [
    cartId,
    now,
    ...values,
  ]);
  return row!;
}
