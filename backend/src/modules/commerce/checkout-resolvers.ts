import { GraphQLError } from 'graphql';
import type { Transaction } from '../../db/database';
import { inputError } from '../../graphql/errors';
import type { RequestContext } from '../../graphql/context';
import type { Resolvers } from '../../module';
import { cartNode } from './cart-view';
import { cartForUser, findCartByMaskedId, updateCart, type CartRow } from './carts';
import {
  chosenAddress,
  placeOrderFromCart,
  PlaceOrderFailure,
  saveBillingAddress,
  savePaymentMethod,
  saveShippingAddress,
  saveShippingMethod,
  type CartAddressInput,
} from './checkout';
import type { CommerceDeps } from './commerce-deps';
import { currentCustomerId, requireCustomerId } from './customer-auth';
import type { CustomerNode } from './customers';
import { isValidEmail, normalizeEmail, requireArgument } from './input-rules';
import { customerOrders, findGuestOrder, findGuestOrderByToken, loadOrderNode } from './orders';

type AddressSource = { address?: CartAddressInput | null; customer_address_id?: number | null; customer_address_uid?: string | null };

export function checkoutResolvers(deps: CommerceDeps): Resolvers {
  const now = () => deps.clock.now();

  async function onCart(ctx: RequestContext, cartId: string | null | undefined, work: (tx: Transaction, cart: CartRow, customerId: number | null) => Promise<unknown>) {
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
      setGuestEmailOnCart: async (_root, args: { input?: { cart_id?: string; email?: string } | null }, ctx) => {
        const input = args.input ?? {};
        requireArgument(input.cart_id, 'cart_id');
        const email = requireArgument(input.email, 'email');
        if (!isValidEmail(normalizeEmail(email))) throw inputError('Invalid email format');
        if ((await currentCustomerId(ctx, deps)) !== null) throw inputError('The request is not allowed for logged in customers');
        return onCart(ctx, input.cart_id, (tx, cart) => updateCart(tx, cart.id, { email: normalizeEmail(email) }, now()));
      },
      setShippingAddressesOnCart: async (_root, args: { input?: { cart_id?: string; shipping_addresses?: (AddressSource | null)[] } | null }, ctx) => {
        const input = args.input ?? {};
        requireArgument(input.cart_id, 'cart_id');
        const addresses = requireArgument(input.shipping_addresses, 'shipping_addresses');
        if (addresses.length > 1) throw inputError('You cannot specify multiple shipping addresses.');
        return onCart(ctx, input.cart_id, async (tx, cart, customerId) =>
          saveShippingAddress(tx, cart, await chosenAddress(tx, addresses[0] ?? {}, customerId, 'shipping', now()), now()));
      },
      setShippingMethodsOnCart: async (_root, args: { input?: { cart_id?: string; shipping_methods?: ({ carrier_code?: string; method_code?: string } | null)[] } | null }, ctx) => {
        const input = args.input ?? {};
        requireArgument(input.cart_id, 'cart_id');
        const methods = requireArgument(input.shipping_methods, 'shipping_methods');
        if (methods.length > 1) throw inputError('You cannot specify multiple shipping methods.');
        const carrier = methods[0]?.carrier_code?.trim();
        const method = methods[0]?.method_code?.trim();
        if (!carrier) throw inputError('Required parameter "carrier_code" is missing.');
        if (!method) throw inputError('Required parameter "method_code" is missing.');
        return onCart(ctx, input.cart_id, (tx, cart) => saveShippingMethod(tx, cart, carrier, method, now()));
      },
      setBillingAddressOnCart: async (_root, args: { input?: { cart_id?: string; billing_address?: AddressSource & { same_as_shipping?: boolean | null; use_for_shipping?: boolean | null } } | null }, ctx) => {
        const input = args.input ?? {};
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
      setPaymentMethodOnCart: async (_root, args: { input?: { cart_id?: string; payment_method?: { code?: string; purchase_order_number?: string | null } } | null }, ctx) => {
        const input = args.input ?? {};
        requireArgument(input.cart_id, 'cart_id');
        const code = input.payment_method?.code?.trim();
        if (!code) throw inputError('Required parameter "code" for "payment_method" is missing.');
        return onCart(ctx, input.cart_id, (tx, cart) => savePaymentMethod(tx, cart, code, input.payment_method?.purchase_order_number ?? null, now()));
      },
      placeOrder: async (_root, args: { input?: { cart_id?: string } | null }, ctx) => {
        const cartId = requireArgument(args.input?.cart_id, 'cart_id');
        const customerId = await currentCustomerId(ctx, deps);
        try {
          const order = await ctx.db.transaction(async (tx) => placeOrderFromCart(tx, await cartForUser(tx, cartId, customerId, ctx.store.code), deps, ctx.origin));
          return { order: { order_number: order.number, order_id: order.number }, orderV2: await loadOrderNode(ctx.db, order), errors: [] };
        } catch (error) {
          const failure = placeOrderFailureOf(error);
          if (!failure) throw error;
          return { order: null, orderV2: null, errors: [{ code: failure.code, message: failure.message }] };
        }
      },
    },
    Customer: {
      orders: (customer: CustomerNode, args, ctx) => customerOrders(ctx.db, customer.__customerId, args),
    },
    Query: {
      customerOrders: async (_root, _args, ctx) => customerOrders(ctx.db, await requireCustomerId(ctx, deps), {}),
      guestOrder: async (_root, args: { input?: { number?: string; email?: string; lastname?: string } | null }, ctx) => {
        const input = args.input ?? {};
        const order = await findGuestOrder(ctx.db, {
          number: requireArgument(input.number, 'number'),
          email: requireArgument(input.email, 'email'),
          lastname: requireArgument(input.lastname, 'lastname'),
          storeCode: ctx.store.code,
        });
        return loadOrderNode(ctx.db, order);
      },
      guestOrderByToken: async (_root, args: { input?: { token?: string } | null }, ctx) => {
        const token = requireArgument(args.input?.token, 'token');
        return loadOrderNode(ctx.db, await findGuestOrderByToken(ctx.db, { token, storeCode: ctx.store.code }));
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
