import { one, type Queryable } from '../../db/database';
import { hmacSha256, newOpaqueToken } from '../../shared/secure-tokens';
import { findPaymentMethod, type PaymentMethodDefinition } from '../cart/payment-methods';
import type { OrderRow } from './order.queries';
import { findStoreView } from '../store/store-views';

/** A secret of this database (made on first use, kept across restarts). */
export async function commerceSecret(q: Queryable, name: string): Promise<string> {
  await q.query('INSERT INTO commerce_secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, newOpaqueToken()]);
  return (await one<{ value: string }>(q, 'SELECT value FROM commerce_secret WHERE name = $1', [name]))!.value;
}

/**
 * LunettePay, the simulated card/wallet provider. placeOrder leaves the order `pending_payment`
 * and gives it a hosted page (GET /hosted-payment/:token). The shopper approves, declines or
 * cancels there; the provider sends them back to the storefront's return route with a signed
 * result, and the storefront confirms it with `lunetteVerifyPaymentReturn`, which completes the
 * order or cancels it (stock back, cart restored).
 */
export type PaymentDecision = 'approved' | 'declined' | 'cancelled';
export const DECISIONS: readonly PaymentDecision[] = ['approved', 'declined', 'cancelled'];

interface SessionRow {
  token: string;
  order_id: number;
  method: string;
  status: 'pending' | PaymentDecision;
}

export const SIGNING_KEY = 'lunettepay_signing_key';

/**
 * The provider's page of a payment session, in the language of the order's store view: providers
 * take the shopper's language as a `locale` parameter of the redirect (Magento's locale code,
 * `fr_FR`), so the page the shop sends a French shopper to speaks French.
 */
export async function hostedPaymentUrlOf(q: Queryable, origin: string, token: string, storeCode: string): Promise<string> {
  const locale = (await findStoreView(q, storeCode))?.locale ?? 'en_US';
  return `${origin}/hosted-payment/${token}?${new URLSearchParams({ locale })}`;
}

export async function startHostedPayment(q: Queryable, order: OrderRow, method: PaymentMethodDefinition, origin: string, now: Date): Promise<OrderRow> {
  const token = newOpaqueToken(24);
  await q.query('INSERT INTO payment_session (token, order_id, method, status, created_at) VALUES ($1, $2, $3, $4, $5)', [
    token,
    order.id,
    method.code,
    'pending',
    now,
  ]);
  const payment = { ...order.payment, additional: [{ name: 'hosted_payment_url', value: await hostedPaymentUrlOf(q, origin, token, order.store_code) }] };
  return (await one<OrderRow>(q, 'UPDATE sales_order SET payment = $2 WHERE id = $1 RETURNING *', [order.id, JSON.stringify(payment)]))!;
}

export const signatureOf = (key: string, token: string, decision: PaymentDecision) => hmacSha256(key, `${token}.${decision}`);

/** The storefront route the provider sends the shopper back to, with the signed result. */
export async function returnUrlOf(q: Queryable, session: SessionRow, order: OrderRow, decision: PaymentDecision, origin: string): Promise<string> {
  const method = findPaymentMethod(session.method)!;
  const params = new URLSearchParams({
    payment_token: session.token,
    result: decision,
    order_number: order.number,
    signature: signatureOf(await commerceSecret(q, SIGNING_KEY), session.token, decision),
  });
  return `${origin}/${order.store_code}/${method.returnPath}?${params}`;
}

/** The order a cart became that still waits for its LunettePay payment, with its session and the cart's owner (null: a guest's). */
export async function pendingPaymentOfCart(
  q: Queryable,
  maskedCartId: string,
): Promise<{ number: string; token: string; order_id: number; customer_id: number | null; store_code: string } | null> {
  return one(
    q,
    `SELECT o.number, o.store_code, s.token, s.order_id, c.customer_id FROM cart c
       JOIN sales_order o ON o.cart_id = c.id
       JOIN payment_session s ON s.order_id = o.id
     WHERE c.masked_id = $1 AND c.is_active = false AND s.status = 'pending'
     ORDER BY o.id DESC LIMIT 1`,
    [maskedCartId],
  );
}

/** A cart active again after its order's payment was cancelled (given back), with that order's number and the cart's owner. */
export async function cartGivenBackOf(q: Queryable, maskedCartId: string): Promise<{ number: string; customer_id: number | null } | null> {
  return one(
    q,
    `SELECT o.number, c.customer_id FROM cart c
       JOIN sales_order o ON o.cart_id = c.id
       JOIN payment_session s ON s.order_id = o.id
     WHERE c.masked_id = $1 AND c.is_active AND s.status = 'cancelled'
       AND o.id = (SELECT max(id) FROM sales_order WHERE cart_id = c.id)`,
    [maskedCartId],
  );
}

/** A payment session, locked for the caller's transaction: two returns of one payment complete it once. */
export async function sessionOf(q: Queryable, token: string): Promise<SessionRow | null> {
  return one<SessionRow>(q, 'SELECT token, order_id, method, status FROM payment_session WHERE token = $1 FOR UPDATE', [token]);
}

/** Records the shopper's decision on the payment session. */
export async function completePaymentSession(q: Queryable, token: string, decision: PaymentDecision, now: Date): Promise<void> {
  await q.query('UPDATE payment_session SET status = $2, completed_at = $3 WHERE token = $1', [token, decision, now]);
}

/** The order is paid: it moves on to `processing`. */
export async function markOrderPaid(q: Queryable, orderId: number, now: Date): Promise<void> {
  await q.query("UPDATE sales_order SET status = 'processing', updated_at = $2 WHERE id = $1", [orderId, now]);
}
