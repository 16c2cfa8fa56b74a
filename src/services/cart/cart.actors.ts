/**
 * The live effects of the cart machine (see the header of cart.machine.ts for the contract).
 * Actors reject with the Apollo error shape `{ message, graphQLErrors?, networkError? }` so the
 * machine can tell cart-invalid GraphQL errors (spec §5) from network failures.
 */
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { fromPromise } from 'xstate';
import type { CartDetailsInput, ReplaceCartItemInput } from '../../machines/cart/cart.machine';
import type { CartDetails, CartItemToAdd } from '../../machines/cart/cart.types';
import type { CartDetailsFragment } from '../apollo/generated/operation-types';
import { runMutation, runQuery } from '../apollo/operation-helpers';
import { isOutOfStockError } from '../apollo/out-of-stock';
import type { Filled } from '../apollo/selection-types';
import { saveCartLineImages } from '../images/images-by-sku';
import { createBrowserStorage, type BrowserStorage } from '../storage/browser-storage';
import { cartIdKey } from '../storage/storage-keys';
import { clearPendingPayment, restorePendingPaymentActor, savePendingPayment } from './pending-payment';
import {
  ADD_PRODUCT_TO_CART,
  APPLY_COUPON_TO_CART,
  CREATE_CART,
  GET_CART_DETAILS,
  GET_CART_DETAILS_AFTER_SIGN_IN,
  GET_CUSTOMER_CART,
  MERGE_CARTS,
  REMOVE_COUPON_FROM_CART,
  REMOVE_ITEM_FROM_CART,
  REPLACE_CART_ITEM,
  UPDATE_CART_ITEM,
} from './cart.operations';
import { ShopFailure } from '../../machines/shared/shop-failure';

export interface CartDeps {
  client: ApolloClient<NormalizedCacheObject>;
  storage: BrowserStorage;
  /** This tab's own storage (sessionStorage): marks the tab that went to pay (ADR 042); without it no tab ever "came back". */
  tabStorage?: BrowserStorage;
  storeCode: string;
  reload: () => void;
  /** Tells the shopper a merge failed (an error toast). */
  notify: (message: string) => void;
  /** ADR 039: tells the shop's other tabs that this cart changed (they read it again). */
  announceChange?: (cartId: string) => void;
}

/** A cart-level failure with the shopper-facing messages Magento gave (user errors of addProductsToCart). */
export class CartUserError extends Error {
  constructor(readonly userErrors: ReadonlyArray<{ code: string; message: string }>) {
    super(userErrors.map((e) => e.message).join('\n'));
    this.name = 'CartUserError';
  }
}

/** The stored cart id of this store view (spec §9: the key carries the store code). */
export function readStoredCartId(storage: BrowserStorage, storeCode: string): string | null {
  const id = storage.getItem<unknown>(cartIdKey(storeCode));
  return typeof id === 'string' && id !== '' ? id : null;
}

/** Magento reports stock and option problems as user errors beside a successful answer. */
function throwUserErrors(errors: ReadonlyArray<{ code: string; message: string } | null> | null | undefined) {
  const userErrors = (errors ?? []).filter((e): e is { code: string; message: string } => e !== null);
  if (userErrors.length > 0) throw new CartUserError(userErrors);
}

function addVariables(cartId: string, item: CartItemToAdd) {
  return {
    cartId,
    sku: item.sku,
    quantity: item.quantity,
    ...(item.parentSku ? { parentSku: item.parentSku } : {}),
    ...(item.selectedOptions?.length ? { selectedOptions: item.selectedOptions } : {}),
    ...(item.enteredOptions?.length ? { enteredOptions: item.enteredOptions } : {}),
  };
}

/**
 * The generated cart details as the machine's `CartDetails`: the one place the cart's answer meets the
 * machine's type, which reads as present what Magento always fills (see `Filled`).
 */
const machineCart = (cart: CartDetailsFragment): CartDetails => cart as Filled<CartDetailsFragment>;

export function cartImplementations(deps: CartDeps) {
  const { client } = deps;
  const tabStorage = deps.tabStorage ?? createBrowserStorage(null);
  /** A mutation's cart details, their line pictures remembered as the details query does (null: the machine reads them). */
  const received = (cart: CartDetailsFragment | null | undefined): CartDetails | null => {
    if (!cart) return null;
    const details = machineCart(cart);
    saveCartLineImages(deps.storage, details.items);
    deps.announceChange?.(details.id);
    return details;
  };
  return {
    actors: {
      restorePendingPayment: restorePendingPaymentActor(client),
      createCart: fromPromise<string, void>(async () => {
        const { cartId } = await runMutation(client, CREATE_CART);
        if (!cartId) throw new ShopFailure('cartNotCreated');
        return cartId;
      }),
      fetchCustomerCartId: fromPromise<string, void>(async () => {
        const { customerCart } = await runQuery(client, GET_CUSTOMER_CART, {});
        if (!customerCart?.id) throw new Error('The signed-in customer has no cart to merge into.');
        return customerCart.id;
      }),
      // After sign-in, spec §7 GetCartDetailsAfterSignIn: the merged cart and its cart page fragment, fresh in the cache.
      fetchCartDetails: fromPromise<CartDetails, CartDetailsInput>(async ({ input }) => {
        const document = input.afterSignIn ? GET_CART_DETAILS_AFTER_SIGN_IN : GET_CART_DETAILS;
        const { cart } = await runQuery(client, document, { cartId: input.cartId }, 'network-only');
        if (!cart) throw new Error(`Cart ${input.cartId} answered without details.`);
        const details = machineCart(cart);
        saveCartLineImages(deps.storage, details.items);
        return details;
      }),
      // Spec §4 add / update / remove: one request each; the mutation answers the cart details.
      addCartItem: fromPromise<unknown, { cartId: string; item: CartItemToAdd }>(async ({ input }) => {
        const data = await runMutation(client, ADD_PRODUCT_TO_CART, addVariables(input.cartId, input.item));
        throwUserErrors(data.addProductsToCart?.user_errors);
        return received(data.addProductsToCart?.cart);
      }),
      updateCartItem: fromPromise<unknown, { cartId: string; itemUid: string; quantity: number }>(async ({ input }) => {
        const data = await runMutation(client, UPDATE_CART_ITEM, { cartId: input.cartId, itemId: input.itemUid, quantity: input.quantity });
        // Spec §8: Magento's out-of-stock words are a signal it leaves in English; the shopper reads the shop's own, in the view's language.
        const errors = (data.updateCartItems?.errors ?? []).filter((e) => e !== null);
        if (errors.length > 0 && errors.every((e) => isOutOfStockError(e))) throw new ShopFailure('quantityNotAvailable', { quantity: input.quantity });
        throwUserErrors(errors);
        return received(data.updateCartItems?.cart);
      }),
      removeCartItem: fromPromise<unknown, { cartId: string; itemUid: string }>(async ({ input }) => {
        const data = await runMutation(client, REMOVE_ITEM_FROM_CART, { cartId: input.cartId, itemId: input.itemUid });
        return received(data.removeItemFromCart?.cart);
      }),
      /**
       * Spec §4 configurable update: remove and re-add in one request. When the line was removed
       * but the new one refused (stock, options), the line as it was is put back (`restore`), so an
       * edit never loses a line; the refusal is still the answer.
       */
      replaceCartItem: fromPromise<unknown, ReplaceCartItemInput>(async ({ input }) => {
        const data = await runMutation(client, REPLACE_CART_ITEM, { ...addVariables(input.cartId, input.item), itemId: input.itemUid });
        const userErrors = (data.addProductsToCart?.user_errors ?? []).flatMap((e) => (e ? [e] : []));
        const added = data.addProductsToCart?.cart ?? null;
        if (userErrors.length === 0 && added) return received(added);
        if (data.removeItemFromCart?.cart && input.restore) {
          await runMutation(client, ADD_PRODUCT_TO_CART, addVariables(input.cartId, input.restore)).catch(() => undefined);
        }
        if (userErrors.length > 0) throw new CartUserError(userErrors);
        throw new ShopFailure('cartLineNotChanged');
      }),
      applyCoupon: fromPromise<unknown, { cartId: string; code: string }>(async ({ input }) => {
        const data = await runMutation(client, APPLY_COUPON_TO_CART, { cartId: input.cartId, couponCode: input.code });
        return received(data.applyCouponToCart?.cart);
      }),
      removeCoupon: fromPromise<unknown, { cartId: string }>(async ({ input }) => {
        const data = await runMutation(client, REMOVE_COUPON_FROM_CART, { cartId: input.cartId });
        return received(data.removeCouponFromCart?.cart);
      }),
      mergeCarts: fromPromise<{ cartId: string }, { sourceCartId: string; destinationCartId: string }>(async ({ input }) => {
        const { mergeCarts } = await runMutation(client, MERGE_CARTS, input);
        if (!mergeCarts?.id) throw new Error('Merging the carts answered without a cart.');
        return { cartId: mergeCarts.id };
      }),
    },
    actions: {
      saveCartId: (_: unknown, params: { cartId: string }) => deps.storage.setItem(cartIdKey(deps.storeCode), params.cartId),
      clearCartId: () => deps.storage.removeItem(cartIdKey(deps.storeCode)),
      savePendingPayment: (_: unknown, params: { cartId: string | null; orderNumber: string }) => {
        if (params.cartId) savePendingPayment(deps.storage, tabStorage, deps.storeCode, { cartId: params.cartId, orderNumber: params.orderNumber });
      },
      clearPendingPayment: () => clearPendingPayment(deps.storage, tabStorage, deps.storeCode),
      reloadPage: () => deps.reload(),
      notifyMergeFailed: (_: unknown, params: { message: string }) => deps.notify(params.message),
    },
  };
}
