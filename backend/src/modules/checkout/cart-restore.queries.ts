import { one, type Queryable } from '../../db/database';
import { lockStockRows } from '../catalog/catalog-lookup';
import { mergeCartLines } from '../cart/cart-items.queries';
import { cartItems, type CartRow, findCartById, updateCart } from '../cart/cart.queries';
import { orderItems, type OrderRow } from './order.queries';

/** The cart of an order when it is active again. */
export async function activeCustomerCartRow(q: Queryable, cartId: number): Promise<CartRow | null> {
  return one<CartRow>(q, 'SELECT * FROM cart WHERE id = $1 AND is_active', [cartId]);
}

/**
 * Puts the ordered quantities back in stock. The catalog owns stock; it has no "increment" yet,
 * so the commerce module returns stock with the same rule decrementStock applies.
 */
async function returnStock(q: Queryable, productId: number, qty: number): Promise<void> {
  await q.query("UPDATE catalog_product SET qty = qty + $2, stock_status = 'IN_STOCK' WHERE id = $1", [productId, qty]);
  await q.query("UPDATE catalog_product SET stock_status = 'IN_STOCK' WHERE id = (SELECT parent_id FROM catalog_product WHERE id = $1)", [productId]);
}

/**
 * A hosted payment failed: the order is cancelled, its stock returned, and its cart made the
 * shopper's active cart again (a customer's newer cart is merged into it). Answers the masked id.
 */
export async function restoreCartAfterFailedPayment(q: Queryable, order: OrderRow, now: Date): Promise<string | null> {
  await q.query("UPDATE sales_order SET status = 'canceled', updated_at = $2 WHERE id = $1", [order.id, now]);
  const items = await orderItems(q, order.id);
  await lockStockRows(
    q,
    items.map((item) => item.product_id),
  );
  for (const item of items) await returnStock(q, item.product_id, item.quantity);
  if (order.cart_id === null) return null;
  const cart = await findCartById(q, order.cart_id, true);
  if (!cart) return null;
  if (cart.customer_id !== null) {
    const newer = await one<CartRow>(q, 'SELECT * FROM cart WHERE customer_id = $1 AND is_active AND id <> $2 FOR UPDATE', [cart.customer_id, cart.id]);
    if (newer) {
      if ((await cartItems(q, newer.id)).length) await mergeCartLines(q, newer, cart, now);
      await updateCart(q, newer.id, { is_active: false }, now);
    }
  }
  await updateCart(q, cart.id, { is_active: true, payment_method: null }, now);
  return cart.masked_id;
}
