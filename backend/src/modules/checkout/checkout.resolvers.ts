import { translateMessage } from '../../shared/messages/messages';
import { GraphQLError } from 'graphql';
import type { Transaction } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { inputError } from '../../graphql/errors';
import type { AvailableShippingMethod, Resolvers } from '../../graphql/generated/resolvers-types';
import { isValidEmail, normalizeEmail, optionalInput, requireArgument } from '../../shared/input-rules';
import type { ModuleDeps } from '../../shared/module-deps';
import { cartForUser, type CartRow, findCartByMaskedId, updateCart } from '../cart/cart.queries';
import { cartNode, shippingMethodNode } from '../cart/cart.views';
import { currentCustomerId } from '../customer/customer-auth';
import { chosenAddress, saveBillingAddress, savePaymentMethod, saveShippingAddress, saveShippingMethod, totalsOf } from './checkout-steps';
import { cartWithEstimate, estimateAddress } from './estimates';
import { loadOrderNode } from './order.views';
import { PlaceOrderFailure, placeOrderFromCart } from './place-order';

export function checkoutResolvers(deps: ModuleDeps): Resolvers {
  const now = () => deps.clock.now();

  async function onCart(
    ctx: RequestContext,
    cartId: string | null | undefined,
    work: (tx: Transaction, cart: CartRow, customerId: number | null) => Promise<unknown>,
  ) {
    requireArgument(cartId, 'cart_id');
    const customerId = await currentCustomerId(ctx, deps);
    const cart = await ctx.db.transaction(async (tx) => {
      const found = await cartForUser(tx, cartId, customerId, ctx.store.code);
      await work(tx, found, customerId);
      return (await findCartByMaskedId(tx, found.masked_id))!;
    });
    return { cart: cartNode(cart, deps) };
  }

  return {
    Mutation: {
      setGuestEmailOnCart: async (_root, args, ctx) => {
        const input = optionalInput(args.input);
        requireArgument(input.cart_id, 'cart_id');
        const email = requireArgument(input.email, 'email');
        if (!isValidEmail(normalizeEmail(email))) throw inputError('Invalid email format');
        if ((await currentCustomerId(ctx, deps)) !== null) throw inputError('The request is not allowed for logged in customers');
        return onCart(ctx, input.cart_id, (tx, cart) => updateCart(tx, cart.id, { email: normalizeEmail(email) }, now()));
      },
      setShippingAddressesOnCart: async (_root, args, ctx) => {
        const input = optionalInput(args.input);
        requireArgument(input.cart_id, 'cart_id');
        const addresses = requireArgument(input.shipping_addresses, 'shipping_addresses');
        if (addresses.length > 1) throw inputError('You cannot specify multiple shipping addresses.');
        const source = addresses[0] ?? {};
        return onCart(ctx, input.cart_id, async (tx, cart, customerId) =>
          saveShippingAddress(
            tx,
            cart,
            { ...(await chosenAddress(tx, source, customerId, 'shipping', now())), customer_notes: source.customer_notes ?? null },
            now(),
          ),
        );
      },
      setShippingMethodsOnCart: async (_root, args, ctx) => {
        const input = optionalInput(args.input);
        requireArgument(input.cart_id, 'cart_id');
        const methods = requireArgument(input.shipping_methods, 'shipping_methods');
        if (methods.length > 1) throw inputError('You cannot specify multiple shipping methods.');
        const carrier = methods[0]?.carrier_code?.trim();
        const method = methods[0]?.method_code?.trim();
        if (!carrier) throw inputError('Required parameter "carrier_code" is missing.');
        if (!method) throw inputError('Required parameter "method_code" is missing.');
        return onCart(ctx, input.cart_id, (tx, cart) => saveShippingMethod(tx, cart, carrier, method, now()));
      },
      setBillingAddressOnCart: async (_root, args, ctx) => {
        const input = optionalInput(args.input);
        requireArgument(input.cart_id, 'cart_id');
        const billing = requireArgument(input.billing_address, 'billing_address');
        return onCart(ctx, input.cart_id, async (tx, cart, customerId) => {
          const sameAsShipping = billing.same_as_shipping ?? billing.use_for_shipping ?? false;
          if (sameAsShipping && !billing.address && !billing.customer_address_id && !billing.customer_address_uid) {
            return saveBillingAddress(tx, cart, 'same_as_shipping', now());
          }
          const address = await chosenAddress(tx, billing, customerId, 'billing', now());
          const saved = await saveBillingAddress(tx, cart, address, now());
          // "use for shipping": the billing address is the shipping address too.
          return sameAsShipping ? saveBillingAddress(tx, await saveShippingAddress(tx, saved, address, now()), 'same_as_shipping', now()) : saved;
        });
      },
      setPaymentMethodOnCart: async (_root, args, ctx) => {
        const input = optionalInput(args.input);
        requireArgument(input.cart_id, 'cart_id');
        const code = input.payment_method?.code?.trim();
        if (!code) throw inputError('Required parameter "code" for "payment_method" is missing.');
        return onCart(ctx, input.cart_id, (tx, cart) => savePaymentMethod(tx, cart, code, input.payment_method?.purchase_order_number ?? null, now()));
      },
      estimateShippingMethods: async (_root, args, ctx) => {
        const cartId = requireArgument(args.input?.cart_id, 'cart_id');
        const cart = await cartForUser(ctx.db, cartId, await currentCustomerId(ctx, deps), ctx.store.code, { lock: false });
        const totals = await totalsOf(ctx.db, cartWithEstimate(cart, estimateAddress(args.input.address)), now());
        // The cart's currency code is one of CurrencyEnum's (the store views' currencies).
        return totals.shippingMethods.map((m) => shippingMethodNode(m, totals)) as AvailableShippingMethod[];
      },
      estimateTotals: async (_root, args, ctx) => {
        const cartId = requireArgument(args.input?.cart_id, 'cart_id');
        const cart = await cartForUser(ctx.db, cartId, await currentCustomerId(ctx, deps), ctx.store.code, { lock: false });
        const method = args.input.shipping_method;
        const chosen = method?.carrier_code && method.method_code ? { carrier_code: method.carrier_code, method_code: method.method_code } : null;
        return { cart: cartNode(cartWithEstimate(cart, estimateAddress(args.input.address), chosen), deps) };
      },
      placeOrder: async (_root, args, ctx) => {
        const cartId = requireArgument(args.input?.cart_id, 'cart_id');
        const customerId = await currentCustomerId(ctx, deps);
        try {
          const order = await ctx.db.transaction(async (tx) =>
            placeOrderFromCart(tx, await cartForUser(tx, cartId, customerId, ctx.store.code), deps, ctx.origin, args.input?.lunette_review_digest),
          );
          return { order: { order_number: order.number, order_id: order.number }, orderV2: await loadOrderNode(ctx.db, order), errors: [] };
        } catch (error) {
          const failure = placeOrderFailureOf(error);
          if (!failure) throw error;
          return { order: null, orderV2: null, errors: [{ code: failure.code, message: translateMessage(ctx.store.locale, failure.message) }] };
        }
      },
    },
  };
}

/** Magento answers these in `placeOrder.errors`; authorization errors stay GraphQL errors. */
function placeOrderFailureOf(error: unknown): PlaceOrderFailure | null {
  if (error instanceof PlaceOrderFailure) return error;
  if (error instanceof GraphQLError) {
    if (error.message.startsWith('Could not find a cart')) return new PlaceOrderFailure('CART_NOT_FOUND', error.message);
    if (error.message === "The cart isn't active.") return new PlaceOrderFailure('CART_NOT_ACTIVE', error.message);
  }
  return null;
}
