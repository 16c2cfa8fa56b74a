import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appMachine } from '../../machines/app/app.machine';
import { cartMachine } from '../../machines/cart/cart.machine';
import { routeMachine } from '../../machines/route/route.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import { storeViewMachine, type StoreConfigSummary, type StoreViewInfo } from '../../machines/store-view/store-view.machine';
import type { CartDetails } from '../../machines/cart/cart.types';
import { toastMachine } from '../../machines/toast/toast.machine';
import { wishlistMachine } from '../../machines/wishlist/wishlist.machine';
import { createShopMachine, SHOP_SYSTEM_IDS, shopActorRefs } from './shop.machine';

const never = <T, I = void>() => fromPromise<T, I>(() => new Promise<T>(() => {}));

function startShop(cartIds: string[]) {
  const created: string[] = [];
  const machines = {
    storeView: storeViewMachine.provide({
      actors: { fetchStoreViews: never<StoreViewInfo[], unknown>(), fetchStoreConfig: never<StoreConfigSummary, { storeCode: string }>() },
    }),
    app: appMachine,
    toast: toastMachine,
    session: sessionMachine.provide({
      actors: { readNow: fromPromise(async () => 0), revokeToken: fromPromise<unknown, { token: string }>(async () => undefined) },
    }),
    cart: cartMachine.provide({
      actors: {
        createCart: fromPromise(async () => {
          const id = cartIds.shift()!;
          created.push(id);
          return id;
        }),
        fetchCartDetails: fromPromise<CartDetails, { cartId: string }>(async ({ input }) => ({ id: input.cartId, items: [] })),
      },
    }),
    route: routeMachine,
    wishlist: wishlistMachine,
  };
  const shop = createActor(createShopMachine(machines), {
    input: {
      storeView: { knownCodes: ['ca'], defaultCode: 'ca', pathname: '/ca/', stored: {} },
      app: { isOnline: true },
      session: { tokenRecord: { value: 'tok', timeStored: 0, ttl: 3600 } },
      cart: { cartId: 'customer-cart', isSignedIn: true },
      route: { shopHosts: ['shop.test'] },
    },
  });
  shop.start();
  return { shop, created };
}

describe('the shop root machine', () => {
  it('starts every machine under its systemId in one actor system', () => {
    const { shop } = startShop([]);
    const refs = shopActorRefs(shop);
    expect(Object.keys(refs).sort()).toEqual([...SHOP_SYSTEM_IDS].sort());
    for (const id of SHOP_SYSTEM_IDS) expect(refs[id].system).toBe(shop.system);
    shop.stop();
  });

  it('spec §4 User session: signing out reaches the cart through the system, which starts a new guest cart', async () => {
    const { shop, created } = startShop(['guest-cart']);
    const { session, cart } = shopActorRefs(shop);
    await waitFor(cart, (s) => s.matches('ready'));
    await waitFor(session, (s) => s.hasTag('signedIn'));
    session.send({ type: 'session.signOut' });
    const after = await waitFor(cart, (s) => s.matches('ready') && s.context.cartId === 'guest-cart');
    expect(after.context.isSignedIn).toBe(false);
    expect(created).toEqual(['guest-cart']);
    shop.stop();
  });

  it('spec §2: the route machine sets the app page-loading flag through the system', async () => {
    const machines = startShop([]);
    const { route, app } = shopActorRefs(machines.shop);
    route.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    expect(app.getSnapshot().hasTag('pageLoading')).toBe(true);
    machines.shop.stop();
  });
});
