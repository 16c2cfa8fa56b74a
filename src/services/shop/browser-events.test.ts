import { describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import {
  announceCartChange,
  cartIdOfStoredValue,
  listenToCartChangesElsewhere,
  listenToCartIdChanges,
  listenToConnectionBack,
  listenToConnectivity,
  listenToUnhandledErrors,
} from './browser-events';

function fakeWindow() {
  const target = new EventTarget();
  return target as unknown as Window & EventTarget;
}
function recorder() {
  const events: unknown[] = [];
  return { events, actor: { send: (event: unknown) => events.push(event) } as unknown as AnyActorRef };
}
function storageEvent(key: string, newValue: string | null) {
  return Object.assign(new Event('storage'), { key, newValue });
}

describe('browser events', () => {
  it("ADR 039: a cart changed in one tab is announced on the store view's channel; the other tabs' cart hears cart.changed.elsewhere", async () => {
    const [here, there] = [new BroadcastChannel('lunette-cart-test'), new BroadcastChannel('lunette-cart-test')];
    const { events, actor } = recorder();
    const stop = listenToCartChangesElsewhere(there, actor);
    announceCartChange(here, 'cart-1');
    there.postMessage('not a cart message');
    await vi.waitFor(() => expect(events).toEqual([{ type: 'cart.changed.elsewhere', cartId: 'cart-1' }]));
    stop();
    announceCartChange(here, 'cart-2');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toHaveLength(1);
    here.close();
    there.close();
  });

  it('spec §4 Cart: a storage event on the cart id key sends cart.storage.changed with the new id', () => {
    const win = fakeWindow();
    const { events, actor } = recorder();
    const stop = listenToCartIdChanges(win, 'fr', actor);
    win.dispatchEvent(storageEvent('cartId_fr', JSON.stringify({ value: 'other-tab-cart', timeStored: 1 })));
    win.dispatchEvent(storageEvent('cartId_de', JSON.stringify({ value: 'another-store', timeStored: 1 })));
    win.dispatchEvent(storageEvent('cartId_fr', null));
    expect(events).toEqual([
      { type: 'cart.storage.changed', cartId: 'other-tab-cart' },
      { type: 'cart.storage.changed', cartId: null },
    ]);
    stop();
    win.dispatchEvent(storageEvent('cartId_fr', null));
    expect(events).toHaveLength(2);
  });

  it('reads a cart id out of a stored record, and nothing out of garbage', () => {
    expect(cartIdOfStoredValue('{"value":"abc","timeStored":1}')).toBe('abc');
    expect(cartIdOfStoredValue('not json')).toBeNull();
    expect(cartIdOfStoredValue('{"value":3}')).toBeNull();
  });

  it('spec §4 App: window online/offline events reach the app machine', () => {
    const win = fakeWindow();
    const { events, actor } = recorder();
    const stop = listenToConnectivity(win, actor);
    win.dispatchEvent(new Event('offline'));
    win.dispatchEvent(new Event('online'));
    stop();
    win.dispatchEvent(new Event('offline'));
    expect(events).toEqual([{ type: 'app.offline' }, { type: 'app.online' }]);
  });

  it('spec §4 Cart, ADR 007: the connection coming back reaches the cart (cart.online) and the route (route.online), going offline does not', () => {
    const win = fakeWindow();
    const cart = recorder();
    const route = recorder();
    const stop = listenToConnectionBack(win, { cart: cart.actor, route: route.actor });
    win.dispatchEvent(new Event('offline'));
    win.dispatchEvent(new Event('online'));
    stop();
    win.dispatchEvent(new Event('online'));
    expect(cart.events).toEqual([{ type: 'cart.online' }]);
    expect(route.events).toEqual([{ type: 'route.online' }]);
  });

  it('spec §8: unhandled errors and rejections reach the app with the time and a random letter', () => {
    const win = fakeWindow();
    const { events, actor } = recorder();
    const stop = listenToUnhandledErrors(
      win,
      actor,
      () => 42_000,
      () => 0.5,
    );
    const error = new TypeError('boom');
    win.dispatchEvent(Object.assign(new Event('error'), { error, message: 'boom' }));
    win.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'nope' }));
    stop();
    expect(events).toEqual([
      { type: 'app.error.unhandled', error, occurredAt: 42_000, randomLetter: 'n' },
      { type: 'app.error.unhandled', error: 'nope', occurredAt: 42_000, randomLetter: 'n' },
    ]);
  });

  it("spec §8: the browser's ResizeObserver loop notice is not an unhandled error; other errors without an object are", () => {
    const win = fakeWindow();
    const { events, actor } = recorder();
    const stop = listenToUnhandledErrors(
      win,
      actor,
      () => 1_000,
      () => 0,
    );
    win.dispatchEvent(Object.assign(new Event('error'), { error: null, message: 'ResizeObserver loop completed with undelivered notifications.' }));
    win.dispatchEvent(Object.assign(new Event('error'), { error: null, message: 'Script error.' }));
    stop();
    expect(events).toHaveLength(1);
    expect((events[0] as { error: Error }).error.message).toBe('Script error.');
  });
});
