import express, { type Router } from 'express';
import { one, type Queryable } from '../../db/database';
import { inputError } from '../../graphql/errors';
import type { Resolvers, RouteDeps } from '../../module';
import { activeCustomerCartRow, restoreCartAfterFailedPayment } from './cart-restore';
import { confirmOrderByMail } from './checkout';
import type { CommerceDeps } from './commerce-deps';
import { commerceSecret } from './commerce-secrets';
import { findOrderById, type OrderRow } from './orders';
import { findPaymentMethod, type PaymentMethodDefinition } from './payment-methods';
import { equalSecrets, hmacSha256, newOpaqueToken } from './secure-tokens';

/**
 * LunettePay, the simulated card/wallet provider. placeOrder leaves the order `pending_payment`
 * and gives it a hosted page (GET /hosted-payment/:token). The shopper approves, declines or
 * cancels there; the provider sends them back to the storefront's return route with a signed
 * result, and the storefront confirms it with `lunetteVerifyPaymentReturn`, which completes the
 * order or cancels it (stock back, cart restored).
 */
export type PaymentDecision = 'approved' | 'declined' | 'cancelled';
const DECISIONS: readonly PaymentDecision[] = ['approved', 'declined', 'cancelled'];

interface SessionRow {
  token: string;
  order_id: number;
  method: string;
  status: 'pending' | PaymentDecision;
}

const SIGNING_KEY = 'lunettepay_signing_key';

export async function startHostedPayment(q: Queryable, order: OrderRow, method: PaymentMethodDefinition, origin: string, now: Date): Promise<OrderRow> {
  const token = newOpaqueToken(24);
  await q.query('INSERT INTO payment_session (token, order_id, method, status, created_at) VALUES ($1, $2, $3, $4, $5)', [token, order.id, method.code, 'pending', now]);
  const payment = { ...order.payment, additional: [{ name: 'hosted_payment_url', value: `${origin}/hosted-payment/${token}` }] };
  return (await one<OrderRow>(q, 'UPDATE sales_order SET payment = $2 WHERE id = $1 RETURNING *', [order.id, JSON.stringify(payment)]))!;
}

const signatureOf = (key: string, token: string, decision: PaymentDecision) => hmacSha256(key, `${token}.${decision}`);

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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function hostedPage(order: OrderRow, method: PaymentDecision | 'pending', title: string, token: string): string {
  const amount = `${order.totals.grand_total.toFixed(2)} ${order.currency}`;
  const body = method === 'pending'
    ? `<p>Order <strong>#${escapeHtml(order.number)}</strong> — amount due <strong>${escapeHtml(amount)}</strong>.</p>
       <form method="post" action="/hosted-payment/${escapeHtml(token)}">
         <button name="decision" value="approved" type="submit">Approve payment</button>
         <button name="decision" value="declined" type="submit">Decline</button>
         <button name="decision" value="cancelled" type="submit">Cancel and return to the shop</button>
       </form>`
    : `<p>This payment is already ${escapeHtml(method)}.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — LunettePay</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem}</style>
</head><body><h1>LunettePay</h1><p>${escapeHtml(title)} (simulated provider: no money moves).</p>${body}</body></html>`;
}

async function sessionOf(q: Queryable, token: string): Promise<SessionRow | null> {
  return one<SessionRow>(q, 'SELECT token, order_id, method, status FROM payment_session WHERE token = $1', [token]);
}

export function hostedPaymentRoutes(router: Router, deps: RouteDeps): void {
  router.get('/hosted-payment/:token', async (req, res) => {
    const session = await sessionOf(deps.db, req.params.token);
    const order = session ? await findOrderById(deps.db, session.order_id) : null;
    if (!session || !order) {
      res.status(404).type('html').send('<!doctype html><title>LunettePay</title><p>This payment link is unknown or has expired.</p>');
      return;
    }
    res.type('html').set('Cache-Control', 'no-store').send(hostedPage(order, session.status, findPaymentMethod(session.method)!.title, session.token));
  });
  router.post('/hosted-payment/:token', express.urlencoded({ extended: false }), async (req, res) => {
    const decision = String((req.body as Record<string, unknown> | undefined)?.decision ?? '') as PaymentDecision;
    const session = await sessionOf(deps.db, req.params.token);
    const order = session ? await findOrderById(deps.db, session.order_id) : null;
    if (!session || !order || !DECISIONS.includes(decision)) {
      res.status(400).type('html').send('<!doctype html><title>LunettePay</title><p>Unknown payment or decision.</p>');
      return;
    }
    const origin = deps.config.publicOrigin ?? `${req.protocol}://${req.host}`;
    const url = await deps.db.transaction((tx) => returnUrlOf(tx, session, order, decision, origin));
    res.redirect(303, url);
  });
}

const RESULT_ENUM: Record<PaymentDecision, 'APPROVED' | 'DECLINED' | 'CANCELLED'> = { approved: 'APPROVED', declined: 'DECLINED', cancelled: 'CANCELLED' };
const MESSAGES: Record<PaymentDecision, string> = {
  approved: 'Your payment was approved. Thank you for your order.',
  declined: 'Your payment was declined. Your cart has been restored: choose another payment method.',
  cancelled: 'You cancelled the payment. Your cart has been restored.',
};

export function paymentReturnResolvers(deps: CommerceDeps): Resolvers {
  return {
    Mutation: {
      lunetteVerifyPaymentReturn: async (_root, args: { input: { payment_token: string; result: string; signature: string } }, ctx) => {
        const { payment_token: token, signature } = args.input;
        const decision = args.input.result?.toLowerCase() as PaymentDecision;
        const now = deps.clock.now();
        return ctx.db.transaction(async (tx) => {
          const session = token ? await sessionOf(tx, token) : null;
          if (!session) throw inputError('The payment could not be found.');
          const valid = DECISIONS.includes(decision) && equalSecrets(signature ?? '', signatureOf(await commerceSecret(tx, SIGNING_KEY), token, decision));
          if (!valid) throw inputError('The payment result could not be verified.');
          const order = (await findOrderById(tx, session.order_id))!;
          if (session.status !== 'pending' && session.status !== decision) throw inputError('This payment has already been completed.');
          let cartId: string | null = null;
          if (session.status === 'pending') {
            await tx.query('UPDATE payment_session SET status = $2, completed_at = $3 WHERE token = $1', [token, decision, now]);
            if (decision === 'approved') {
              await tx.query("UPDATE sales_order SET status = 'processing', updated_at = $2 WHERE id = $1", [order.id, now]);
              // The confirmation goes out once, when the payment is approved (a reload answers the same, sends nothing).
              await confirmOrderByMail(tx, deps, order, ctx.origin, now);
            } else {
              cartId = await restoreCartAfterFailedPayment(tx, order, now);
            }
          } else if (decision !== 'approved' && order.cart_id !== null) {
            cartId = (await activeCustomerCartRow(tx, order.cart_id))?.masked_id ?? null;
          }
          // The signed return proves this shopper paid for the order: its token lets a guest read it (guestOrderByToken).
          const orderToken = decision === 'approved' ? order.token : null;
          return { result: RESULT_ENUM[decision], order_number: order.number, message: MESSAGES[decision], cart_id: cartId, order_token: orderToken };
        });
      },
    },
  };
}
