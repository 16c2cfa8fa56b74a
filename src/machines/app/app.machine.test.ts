import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { selectSearchText, SUGGESTION_DEBOUNCE_MS, selectSearchTerm } from '../search/search-suggestions.machine';
import {
  appMachine,
  BACK_ONLINE_NOTICE_MS,
  selectConnectionNotice,
  selectDrawer,
  selectHasBeenOffline,
  selectHasOverlay,
  selectIsOnline,
  selectIsPageLoading,
  selectIsSearchOpen,
  selectSearchSuggestions,
  selectUnhandledErrors,
  unhandledErrorId,
} from './app.machine';

function startApp(isOnline = true, clock = new SimulatedClock()) {
  const spies = { logError: vi.fn(), navigateToSearch: vi.fn(), reloadPage: vi.fn() };
  const machine = appMachine.provide({
    actions: {
      reloadPage: () => spies.reloadPage(),
      logError: (_, record) => spies.logError(record),
      navigateToSearch: (_, params) => spies.navigateToSearch(params),
    },
  });
  return { actor: createActor(machine, { input: { isOnline }, clock }).start(), spies, clock };
}

class CheckoutCrash extends Error {}

describe('app machine', () => {
  it('spec §4 App: opening the drawer turns the overlay on; closing sets the drawer to null and the overlay off', () => {
    const { actor } = startApp();
    actor.send({ type: 'app.drawer.toggle', name: 'nav' });
    expect([selectDrawer(actor.getSnapshot()), selectHasOverlay(actor.getSnapshot())]).toEqual(['nav', true]);
    actor.send({ type: 'app.drawer.toggle', name: 'cart' });
    expect(selectDrawer(actor.getSnapshot())).toBe('cart');
    actor.send({ type: 'app.drawer.toggle', name: 'cart' });
    expect([selectDrawer(actor.getSnapshot()), selectHasOverlay(actor.getSnapshot())]).toEqual([null, false]);
    actor.send({ type: 'app.drawer.toggle', name: 'nav' });
    actor.send({ type: 'app.drawer.close' });
    expect([selectDrawer(actor.getSnapshot()), selectHasOverlay(actor.getSnapshot())]).toEqual([null, false]);
  });

  it('spec §4 App: toggle search and execute search', () => {
    const { actor, spies } = startApp();
    actor.send({ type: 'app.search.toggle' });
    expect(selectIsSearchOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'app.search.execute', query: 'aviator' });
    expect(spies.navigateToSearch).toHaveBeenCalledWith({ query: 'aviator' });
    expect(selectIsSearchOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'app.search.toggle' });
    actor.send({ type: 'app.search.close' });
    actor.send({ type: 'app.search.close' });
    expect(selectIsSearchOpen(actor.getSnapshot())).toBe(false);
  });

  it('spec §2 search panel: its suggestions machine runs while the panel is open, from an empty field each time, on the simulated clock', () => {
    const { actor, clock } = startApp();
    expect(selectSearchSuggestions(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'app.search.toggle' });
    const first = selectSearchSuggestions(actor.getSnapshot())!;
    first.send({ type: 'search.type', text: 'aur ' });
    clock.increment(SUGGESTION_DEBOUNCE_MS);
    expect([selectSearchText(first.getSnapshot()), selectSearchTerm(first.getSnapshot())]).toEqual(['aur ', 'aur']);

    actor.send({ type: 'app.search.close' });
    expect(first.getSnapshot().status).toBe('stopped');
    expect(selectSearchSuggestions(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'app.search.toggle' });
    const second = selectSearchSuggestions(actor.getSnapshot())!;
    expect(second).not.toBe(first);
    expect(selectSearchText(second.getSnapshot())).toBe('');
  });

  it('spec §4 App: going offline sets hasBeenOffline and runs the offline handler (the offline notice)', () => {
    const { actor } = startApp(true);
    expect([selectHasBeenOffline(actor.getSnapshot()), selectConnectionNotice(actor.getSnapshot())]).toEqual([false, null]);
    actor.send({ type: 'app.offline' });
    expect([selectIsOnline(actor.getSnapshot()), selectHasBeenOffline(actor.getSnapshot())]).toEqual([false, true]);
    expect(selectConnectionNotice(actor.getSnapshot())).toBe('offline');
  });

  it('spec §4 App: back online after having been offline runs the online handler (a notice that leaves by itself)', () => {
    const { actor, clock } = startApp(true);
    actor.send({ type: 'app.online' });
    expect(selectConnectionNotice(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'app.offline' });
    actor.send({ type: 'app.online' });
    expect([selectIsOnline(actor.getSnapshot()), selectConnectionNotice(actor.getSnapshot())]).toEqual([true, 'backOnline']);
    clock.increment(BACK_ONLINE_NOTICE_MS - 1);
    expect(selectConnectionNotice(actor.getSnapshot())).toBe('backOnline');
    clock.increment(1);
    expect(selectConnectionNotice(actor.getSnapshot())).toBeNull();
  });

  it('spec §2 offline/online overlay: the shopper can hide a notice; the offline indicator stays while offline', () => {
    const { actor } = startApp(true);
    actor.send({ type: 'app.offline' });
    actor.send({ type: 'app.connectionNotice.dismiss' });
    expect([selectConnectionNotice(actor.getSnapshot()), selectIsOnline(actor.getSnapshot())]).toEqual([null, false]);
    actor.send({ type: 'app.online' });
    expect(selectConnectionNotice(actor.getSnapshot())).toBe('backOnline');
    actor.send({ type: 'app.connectionNotice.dismiss' });
    expect(selectConnectionNotice(actor.getSnapshot())).toBeNull();
  });

  it('spec §4 App: going offline again while "back online" shows replaces it with the offline notice', () => {
    const { actor, clock } = startApp(true);
    actor.send({ type: 'app.offline' });
    actor.send({ type: 'app.online' });
    actor.send({ type: 'app.offline' });
    clock.increment(BACK_ONLINE_NOTICE_MS);
    expect(selectConnectionNotice(actor.getSnapshot())).toBe('offline');
  });

  it('spec §4 App: starting offline counts as having been offline', () => {
    const { actor } = startApp(false);
    expect([selectIsOnline(actor.getSnapshot()), selectHasBeenOffline(actor.getSnapshot())]).toEqual([false, true]);
    expect(selectConnectionNotice(actor.getSnapshot())).toBe('offline');
    actor.send({ type: 'app.online' });
    expect(selectConnectionNotice(actor.getSnapshot())).toBe('backOnline');
  });

  it('spec §2 unhandled-error overlay: the page reload action runs the injected reload', () => {
    const { actor, spies } = startApp();
    actor.send({ type: 'app.page.reload' });
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
  });

  it('spec §4 App: set page loading', () => {
    const { actor } = startApp();
    actor.send({ type: 'app.pageLoading.set', isLoading: true });
    expect(selectIsPageLoading(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'app.pageLoading.set', isLoading: false });
    expect(selectIsPageLoading(actor.getSnapshot())).toBe(false);
  });

  it('spec §8: an unhandled error gets an id of class name, seconds value and a random letter', () => {
    expect(unhandledErrorId(new TypeError('x'), 1_700_000_123_456, 'q')).toBe('TypeError1700000123q');
    expect(unhandledErrorId(new CheckoutCrash('x'), 5_999, 'zz')).toBe('CheckoutCrash5z');
    expect(unhandledErrorId('text', 0, 'a')).toBe('string0a');
  });

  it('spec §8: unhandled errors are logged with their id and kept until marked handled', () => {
    const { actor, spies } = startApp();
    const error = new RangeError('bad');
    actor.send({ type: 'app.error.unhandled', error, occurredAt: 42_000, randomLetter: 'k' });
    actor.send({ type: 'app.error.unhandled', error: new Error('other'), occurredAt: 43_000, randomLetter: 'm' });
    expect(spies.logError).toHaveBeenCalledWith({ id: 'RangeError42k', error });
    expect(selectUnhandledErrors(actor.getSnapshot()).map((r) => r.id)).toEqual(['RangeError42k', 'Error43m']);
    actor.send({ type: 'app.error.markHandled', id: 'RangeError42k' });
    expect(selectUnhandledErrors(actor.getSnapshot()).map((r) => r.id)).toEqual(['Error43m']);
  });
});
