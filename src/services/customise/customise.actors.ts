import type { ReadPrescriptionPhoto } from '../../machines/prescription-scan/prescription-reading';
import { loadPrescriptionReader, scanningPrescriptionForm } from '../prescription-scan/scan.actors';
import type { ApolloClient } from '@apollo/client';
import { showStepInUrl, type SearchNavigate } from '../history/step-url';
import { keptWizardStore } from './kept-wizard';
import { fromPromise, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { cartMachine } from '../../machines/cart/cart.machine';
import type { CartLensChoices, FrameSummary, LensProduct, SavedPrescription } from '../../machines/customise/customise.types';
import { systemActor } from '../../machines/shared/system-actor';
import { CUSTOMISE_CART_LINE, CUSTOMISE_FRAMES, CUSTOMISE_LENS_PRODUCT, SAVED_PRESCRIPTIONS } from './customise.operations';
import { cartLensChoicesOf, frameSummariesOf, lensProductOf, savedPrescriptionOf } from './lens-product';
import { backendOrigin } from './prescription-file-url';
import { prescriptionUploadActor } from './prescription-upload';
import { ShopFailure } from '../../machines/shared/shop-failure';

type CartSnapshot = SnapshotFrom<typeof cartMachine>;

/**
 * The system's cart actor: the wizard is started inside the shop's actor system (ADR 004, 009); a
 * missing one is a wiring bug and throws (ADR 010).
 */
const cartOf = (system: Parameters<typeof systemActor>[0]) => systemActor(system, 'cart') as ActorRefFrom<typeof cartMachine>;

/**
 * The live effects of the `customise` machine. The cart's answer to the wizard's line is not one of
 * them: the machine's own `cartRequest` asks the cart and hears its answer (`cart-outcome.ts`).
 */
export function customiseImplementations(deps: {
  client: ApolloClient<object>;
  origin?: () => string;
  timeoutMs?: number;
  /** The router's navigate: the wizard's steps are history entries (ADR 008). */
  navigate?: SearchNavigate;
  kept?: ReturnType<typeof keptWizardStore>;
  /** The prescription reader ("Scan your prescription"); by default the real one, imported when a photo is first read. */
  loadReader?: () => Promise<ReadPrescriptionPhoto>;
}) {
  const timeout = deps.timeoutMs ?? 20_000;
  const kept = deps.kept ?? keptWizardStore();
  return {
    actions: {
      showStep: showStepInUrl(() => deps.navigate ?? null),
      keepChoices: kept.keep,
    },
    actors: {
      prescriptionForm: scanningPrescriptionForm({ loadReader: deps.loadReader ?? loadPrescriptionReader }),
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
        const ready: CartSnapshot = await waitFor(cartOf(system), (s) => s.context.cartId !== null && !s.hasTag('loading'), { timeout }).catch(() => {
          throw new ShopFailure('cartNotReady');
        });
        const cartId = ready.context.cartId as string;
        const { data } = await deps.client.query({ query: CUSTOMISE_CART_LINE, variables: { cartId }, fetchPolicy: 'network-only' });
        const line = data.cart?.items?.find((i) => i?.uid === input.itemUid);
        if (!line) throw new ShopFailure('lineNotInCart');
        return cartLensChoicesOf(line);
      }),
      /** Resolves once the cart can take the wizard's event (it may still be loading after a reload). */
      cartReady: fromPromise<unknown, void>(async ({ system }) => {
        // A new visitor's cart waits for the page to be ready (`awaitingStart`): the wizard's add creates it now.
        cartOf(system).send({ type: 'cart.getCart' });
        await waitFor(cartOf(system), (s) => s.matches('ready'), { timeout }).catch(() => {
          throw new ShopFailure('cartNotReady');
        });
        return true;
      }),
    },
  };
}
