import { useCallback, useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * A selector over what belongs to this browser alone (the shopper's session, cart, connection):
 * a page rendered on the server was rendered for nobody in particular, so while React
 * hydrates it this renders `serverValue` (what the server rendered: a guest, an empty cart, online)
 * and then, at once, the browser's own value. Elsewhere it is `useSelector`: the machine's value.
 * `serverValue` must be a constant (a primitive or a value that never changes).
 */
export function useBrowserSelector<Actor extends AnyActorRef, T>(actor: Actor, selector: (snapshot: SnapshotFrom<Actor>) => T, serverValue: T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(
    subscribe,
    () => selector(actor.getSnapshot() as SnapshotFrom<Actor>),
    () => serverValue,
  );
}

const subscribeToNothing = () => () => {};

/**
 * False while React renders on the server or hydrates the server's page, true from then on: a
 * control that does nothing without the shop's code (the store switcher) stays disabled until then.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
