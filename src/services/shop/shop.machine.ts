/**
 * The shop's root machine: it invokes every machine of the shop under its `systemId`, so they find
 * each other through one actor system (the session tells the cart about sign-in, the route tells
 * the app about page loading). XState v5 gives each `createActor` root its own system; invoking the
 * machines from one parent is what shares it. The composition root hands in the machines with their
 * live implementations (`.provide()`). The checkout and the page host are not among them: each joins
 * the same system when a page first needs it (`loadCheckout`, `loadPages` in create-shop.ts, ADR 004,
 * ADR 009), so their code is not loaded with every page.
 */
import { enqueueActions, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import type { appMachine, AppInput } from '../../machines/app/app.machine';
import type { cartMachine, CartInput } from '../../machines/cart/cart.machine';
import type { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type { pageHostMachine } from '../../machines/app/page-host.machine';
import type { routeMachine, RouteInput } from '../../machines/route/route.machine';
import type { sessionMachine, SessionInput } from '../../machines/session/session.machine';
import type { storeViewMachine, StoreViewInput } from '../../machines/store-view/store-view.machine';
import type { toastMachine } from '../../machines/toast/toast.machine';
import type { wishlistMachine } from '../../machines/wishlist/wishlist.machine';

// A type alias (not an interface) so it fits setup()'s actor map.
export type ShopMachines = {
  storeView: typeof storeViewMachine;
  app: typeof appMachine;
  toast: typeof toastMachine;
  session: typeof sessionMachine;
  cart: typeof cartMachine;
  route: typeof routeMachine;
  wishlist: typeof wishlistMachine;
};

export interface ShopMachineInput {
  storeView: StoreViewInput;
  app: AppInput;
  session: SessionInput;
  cart: CartInput;
  route: RouteInput;
}

/** The running actors, by their systemId. */
export interface ShopActorRefs {
  storeView: ActorRefFrom<typeof storeViewMachine>;
  app: ActorRefFrom<typeof appMachine>;
  toast: ActorRefFrom<typeof toastMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
  cart: ActorRefFrom<typeof cartMachine>;
  route: ActorRefFrom<typeof routeMachine>;
  wishlist: ActorRefFrom<typeof wishlistMachine>;
}

export const SHOP_SYSTEM_IDS = ['storeView', 'app', 'toast', 'session', 'cart', 'route', 'wishlist'] as const satisfies ReadonlyArray<keyof ShopActorRefs>;

export function createShopMachine(machines: ShopMachines) {
  return setup({
    types: {
      input: {} as ShopMachineInput,
      context: {} as ShopMachineInput,
      events: {} as
        | { type: 'shop.child.start'; systemId: 'checkout'; logic: typeof checkoutMachine }
        | { type: 'shop.child.start'; systemId: 'pages'; logic: typeof pageHostMachine },
    },
    actors: machines,
  }).createMachine({
    id: 'shop',
    context: ({ input }) => input,
    // Order matters: the app and toast exist before anything reports to them, the session before the cart it signs out.
    invoke: [
      { id: 'storeView', systemId: 'storeView', src: 'storeView', input: ({ context }) => context.storeView },
      { id: 'app', systemId: 'app', src: 'app', input: ({ context }) => context.app },
      { id: 'toast', systemId: 'toast', src: 'toast' },
      { id: 'session', systemId: 'session', src: 'session', input: ({ context }) => context.session },
      { id: 'cart', systemId: 'cart', src: 'cart', input: ({ context }) => context.cart },
      { id: 'route', systemId: 'route', src: 'route', input: ({ context }) => context.route },
      { id: 'wishlist', systemId: 'wishlist', src: 'wishlist' },
    ],
    on: {
      // The checkout and the page host, once their code has loaded (ADR 004, ADR 009): children of this
      // root like the others, each started once.
      'shop.child.start': {
        actions: enqueueActions(({ enqueue, event, system }) => {
          if (!(system as { get(id: string): AnyActorRef | undefined }).get(event.systemId)) enqueue.spawnChild(event.logic, { systemId: event.systemId });
        }),
      },
    },
  });
}

/** The invoked actors of a started shop, by systemId (a missing one is a wiring bug, so it throws). */
export function shopActorRefs(shop: { system: { get(systemId: string): AnyActorRef | undefined } }): ShopActorRefs {
  const get = (id: keyof ShopActorRefs) => {
    const ref = shop.system.get(id);
    if (!ref) throw new Error(`The shop machine did not start the '${id}' actor.`);
    return ref;
  };
  return Object.fromEntries(SHOP_SYSTEM_IDS.map((id) => [id, get(id)])) as unknown as ShopActorRefs;
}
