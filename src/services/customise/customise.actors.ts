import type { ApolloClient } from '@apollo/client';
import { fromPromise, waitFor, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { cartMachine } from '../../machines/cart/cart.machine';
import type { CartError } from '../../machines/cart/cart.types';
import type { CartOutcomeInput } from '../../machines/customise/customise.machine';
import type { CartLensChoices, FrameSummary, LensProduct, SavedPrescription } from '../../machines/customise/customise.types';
import { CUSTOMISE_CART_LINE, CUSTOMISE_FRAMES, CUSTOMISE_LENS_PRODUCT, SAVED_PRESCRIPTIONS } from './customise.operations';
import { cartLensChoicesOf, frameSummariesOf, lensProductOf, savedPrescriptionOf } from './lens-product';
import { backendOrigin } from './prescription-file-url';
import { prescriptionUploadActor } from './prescription-upload';

export const CART_NOT_READY = 'The cart is not ready yet. Try again in a moment.';
export const LINE_NOT_IN_CART = 'This item is no longer in your cart.';
export const OUT_OF_STOCK_AT_ADD = 'This colour and size has just sold out: choose another one to fit lenses.';

type CartSnapshot = SnapshotFrom<typeof cartMachine>;
interface SystemOf {
  system: { get(systemId: string): AnyActorRef | undefined };
}

/** The system's cart actor (the wizard is started inside the shop's actor system, ADR 004). */
function cartOf({ system }: SystemOf): AnyActorRef {
  const cart = system.get('cart');
  if (!cart) throw new Error(CART_NOT_READY);
  return cart;
}

const snapshotOf = (cart: AnyActorRef) => cart.getSnapshot() as CartSnapshot;

/**
 * The shopper's words for a cart failure: an out-of-stock answer says so (Magento's "The requested
 * qty is not available" / "Product that you are trying to add is not available"), anything else is
 * the cart's own message.
 */
export function cartFailureMessage(error: CartError): string {
  const text = [error.message, ...(error.graphQLErrors ?? []).map((e) => e.message)].join(' ');
  if (/not available|out of stock|qty is not|salable quantity/i.test(text)) return OUT_OF_STOCK_AT_ADD;
  return error.graphQLErrors?.[0]?.message ?? error.message;
}

/** The live effects of the `customise` machine. */
export function customiseImplementations(deps: { client: ApolloClient<object>; origin?: () => string; timeoutMs?: number }) {
  const timeout = deps.timeoutMs ?? 20_000;
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
      /** The line as the backend's cart answers it now (after a reload too): its variant and every option. */
      fetchCartLine: fromPromise<CartLensChoices, { itemUid: string }>(async ({ input, system }) => {
        const cart = cartOf({ system });
        const ready = await waitFor(cart, (s) => (s as CartSnapshot).context.cartId !== null && !(s as CartSnapshot).hasTag('loading'), { timeout }).catch(() => {
          throw new Error(CART_NOT_READY);
        });
        const cartId = (ready as CartSnapshot).context.cartId as string;
        const { data } = await deps.client.query({ query: CUSTOMISE_CART_LINE, variables: { cartId }, fetchPolicy: 'network-only' });
        const line = data.cart?.items?.find((i) => i?.uid === input.itemUid);
        if (!line) throw new Error(LINE_NOT_IN_CART);
        return cartLensChoicesOf(line);
      }),
      /** Resolves once the cart can take the wizard's event (it may still be loading after a reload). */
      cartReady: fromPromise<unknown, void>(async ({ system }) => {
        const cart = cartOf({ system });
        await waitFor(cart, (s) => (s as CartSnapshot).matches('ready'), { timeout }).catch(() => {
          throw new Error(CART_NOT_READY);
        });
        return true;
      }),
      /**
       * Settles with the cart call the wizard's event started (`addingItem` / `updatingItem`), rejecting
       * with the shopper's words for the cart's error. The event is sent before this starts.
       */
      cartOutcome: fromPromise<unknown, CartOutcomeInput>(async ({ input, system }) => {
        const cart = cartOf({ system });
        const busyTag = input.kind === 'update' ? 'updatingItem' : 'addingItem';
        if (!snapshotOf(cart).hasTag(busyTag)) throw new Error(CART_NOT_READY);
        const settled = (await waitFor(cart, (s) => !(s as CartSnapshot).hasTag(busyTag) && !(s as CartSnapshot).hasTag('loading'), { timeout: timeout * 2 })) as CartSnapshot;
        const error = input.kind === 'update' ? settled.context.updateItemError : settled.context.addItemError;
        if (error) throw new Error(cartFailureMessage(error));
        return true;
      }),
    },
  };
}
