import { inputError } from '../../graphql/errors';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import type { ModuleDeps } from '../../shared/module-deps';
import { equalSecrets } from '../../shared/secure-tokens';
import { activeCustomerCartRow, restoreCartAfterFailedPayment } from './cart-restore.queries';
import {
  commerceSecret,
  completePaymentSession,
  DECISIONS,
  hostedPaymentUrlOf,
  markOrderPaid,
  type PaymentDecision,
  cartGivenBackOf,
  pendingPaymentOfCart,
  sessionOf,
  signatureOf,
  SIGNING_KEY,
} from './hosted-payment.queries';
import { currentCustomerId } from '../customer/customer-auth';
import { cannotOperateOnCart } from '../cart/cart.queries';
import { findOrderById } from './order.queries';
import { confirmOrderByMail } from './place-order';

/**
 * Magento's "Pending Payment Order Lifetime (minutes)" (`sales/orders/delete_pending_after`, 480):
 * an order left waiting for its payment this long is given up, and its cart given back.
 */
export const PENDING_PAYMENT_LIFETIME_MINUTES = 480;

const RESULT_ENUM: Record<PaymentDecision, 'APPROVED' | 'DECLINED' | 'CANCELLED'> = { approved: 'APPROVED', declined: 'DECLINED', cancelled: 'CANCELLED' };
const MESSAGES: Record<PaymentDecision, string> = {
  approved: 'Your payment was approved. Thank you for your order.',
  declined: 'Your payment was declined. Your cart has been restored: choose another payment method.',
  cancelled: 'You cancelled the payment. Your cart has been restored.',
};

export function paymentReturnResolvers(deps: ModuleDeps): Resolvers {
  return {
    Query: {
      // A guest's hosted place order whose answer was lost: the page its pending payment waits on.
      lunetteHostedPaymentOfCart: async (_root, args, ctx) => {
        const found = await pendingPaymentOfCart(ctx.db, args.cart_id);
        return found && found.customer_id === null
          ? { order_number: found.number, payment_url: await hostedPaymentUrlOf(ctx.db, ctx.origin, found.token, found.store_code) }
          : null;
      },
    },
    Mutation: {
      // The shopper left the provider's page unpaid: the cart comes back (the order is cancelled as a
      // cancelled payment would), at once when they came back from it, otherwise only once the order
      // outlived its lifetime: another tab may still be paying it.
      lunetteRestorePendingPaymentCart: async (_root, args, ctx) => {
        const now = deps.clock.now();
        const callerId = await currentCustomerId(ctx, deps);
        return ctx.db.transaction(async (tx) => {
          const found = await pendingPaymentOfCart(tx, args.cart_id);
          if (!found) {
            // Given back already (the answer to an earlier call was lost): the same answer again, so the
            // cart is never left active on the server and unknown to the shopper.
            const given = await cartGivenBackOf(tx, args.cart_id);
            if (!given) return null;
            if (given.customer_id !== null && given.customer_id !== callerId) throw cannotOperateOnCart(args.cart_id);
            return { cart_id: args.cart_id, order_number: given.number };
          }
          if (found.customer_id !== null && found.customer_id !== callerId) throw cannotOperateOnCart(args.cart_id);
          const order = (await findOrderById(tx, found.order_id))!;
          const outlived = now.getTime() - new Date(order.created_at).getTime() >= PENDING_PAYMENT_LIFETIME_MINUTES * 60_000;
          if (!args.came_back && !outlived) return { cart_id: null, order_number: order.number };
          const session = await sessionOf(tx, found.token);
          if (session?.status !== 'pending') return null;
          await completePaymentSession(tx, found.token, 'cancelled', now);
          const cartId = await restoreCartAfterFailedPayment(tx, order, now);
          deps.log(`hosted payment of order ${order.number} left unpaid (${args.came_back ? 'came back' : 'lifetime over'}): order cancelled, cart restored`);
          return { cart_id: cartId, order_number: order.number };
        });
      },
      lunetteVerifyPaymentReturn: async (_root, args, ctx) => {
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
            await completePaymentSession(tx, token, decision, now);
            if (decision === 'approved') {
              await markOrderPaid(tx, order.id, now);
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
