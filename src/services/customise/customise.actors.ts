import type { ApolloClient } from '@apollo/client';
import { fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { cartMachine } from '../../machines/cart/cart.machine';
import type { CartItemToAdd } from '../../machines/cart/cart.types';
import type { AddToCartInput } from '../../machines/customise/customise.machine';
import type { FrameSummary, LensCartItem, LensProduct, SavedPrescription } from '../../machines/customise/customise.types';
import { CUSTOMISE_FRAMES, CUSTOMISE_LENS_PRODUCT, SAVED_PRESCRIPTIONS } from './customise.operations';
import { frameSummariesOf, lensProductOf, savedPrescriptionOf } from './lens-product';
import { backendOrigin } from './prescription-file-url';
import { prescriptionUploadActor } from './prescription-upload';

/** How the wizard puts its line in the cart: the cart actor (see `cartPortOf`), or a fake in tests. */
export interface LensCartPort {
  add(item: LensCartItem, replacesItemUid: string | null): Promise<unknown>;
}

export const CART_NOT_READY = 'The cart is not ready yet. Try again in a moment.';

/** What the cart machine receives: its add-item shape plus the entered (text) options. */
export type CartItemWithEnteredOptions = CartItemToAdd & { enteredOptions: { uid: string; value: string }[] };

export function cartItemToAdd(item: LensCartItem): CartItemWithEnteredOptions {
  return {
    sku: item.sku,
    ...(item.parentSku ? { parentSku: item.parentSku } : {}),
    quantity: item.quantity,
    selectedOptions: item.selectedOptions,
    enteredOptions: item.enteredOptions,
  };
}

/**
 * The cart actor as the wizard's port: waits for a ready cart, sends `cart.addItem` (or
 * `cart.updateItem` when a cart line is being edited) and settles when the cart call is over,
 * rejecting with the cart's own error.
 */
export function cartPortOf(cart: ActorRefFrom<typeof cartMachine>, timeoutMs = 20_000): LensCartPort {
  return {
    async add(item, replacesItemUid) {
      await waitFor(cart, (s) => s.matches('ready'), { timeout: timeoutMs }).catch(() => {
        throw new Error(CART_NOT_READY);
      });
      const busyTag = replacesItemUid ? 'updatingItem' : 'addingItem';
      if (replacesItemUid) {
        cart.send({ type: 'cart.updateItem', update: { itemUid: replacesItemUid, quantity: item.quantity, isConfigurable: true, item: cartItemToAdd(item) } });
      } else {
        cart.send({ type: 'cart.addItem', item: cartItemToAdd(item) });
      }
      if (!cart.getSnapshot().hasTag(busyTag)) throw new Error(CART_NOT_READY);
      const settled = await waitFor(cart, (s) => !s.hasTag(busyTag) && !s.hasTag('loading'), { timeout: timeoutMs * 2 });
      const error = replacesItemUid ? settled.context.updateItemError : settled.context.addItemError;
      if (error) throw error;
      return true;
    },
  };
}

/** The live effects of the `customise` machine. */
export function customiseImplementations(deps: { client: ApolloClient<object>; cart: LensCartPort | null; origin?: () => string }) {
  return {
    actors: {
      uploadPrescription: prescriptionUploadActor({ origin: deps.origin ?? backendOrigin }),
      fetchFrames: fromPromise<FrameSummary[], void>(async () => {
        const { data } = await deps.client.query({ query: CUSTOMISE_FRAMES, variables: {} });
        return frameSummariesOf(data);
      }),
      fetchLensProduct: fromPromise<LensProduct, { urlKey: string }>(async ({ input }) => {
        const { data } = await deps.client.query({ query: CUSTOMISE_LENS_PRODUCT, variables: { urlKey: input.urlKey } });
        return lensProductOf(data, input.urlKey);
      }),
      fetchSavedPrescriptions: fromPromise<SavedPrescription[], void>(async () => {
        const { data } = await deps.client.query({ query: SAVED_PRESCRIPTIONS, variables: {}, fetchPolicy: 'network-only' });
        return data.lunetteSavedPrescriptions.flatMap((p) => (p ? [savedPrescriptionOf(p)] : []));
      }),
      addToCart: fromPromise<unknown, AddToCartInput>(async ({ input }) => {
        if (!deps.cart) throw new Error(CART_NOT_READY);
        return deps.cart.add(input.item, input.replacesItemUid);
      }),
    },
  };
}
