import { useEffect, useMemo, useRef, useState } from 'react';
import { createActor, type Actor, type ActorRefFrom, type AnyStateMachine, type InputFrom } from 'xstate';
import type { LinkRequestActor, LinkRequestInput, linkRequestMachine } from '../../machines/link-request/link-request.machine';
import { linkActorOf } from '../../services/alerts/link-actors';
import { useShopActors } from './shop-actors';

/**
 * A page's own machine (ADR 004: page-only machines are started by their pages), started inside
 * the shop's actor system (ADR 009) so it reaches 'toast', 'session' and the others with `sendTo`.
 * It runs while the page is shown; the app actor is its parent (it hears of a crash), and only a
 * parent may stop a child in XState: when the page goes, the app is asked to stop it
 * (`app.pageActor.stop`). React's strict mode unmounts and mounts a page again at once: the stop
 * waits for the current task, so that remount keeps the same running actor. A machine that takes
 * no input is started without one.
 */
export function useShopPageActor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  ...[input]: undefined extends InputFrom<TMachine> ? [input?: InputFrom<TMachine>] : [input: InputFrom<TMachine>]
): ActorRefFrom<TMachine> {
  const { app } = useShopActors();
  const [actor] = useState<Actor<TMachine>>(() => createActor(machine, { input, parent: app } as never));
  const pendingStop = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (pendingStop.current !== null) clearTimeout(pendingStop.current);
    pendingStop.current = null;
    actor.start();
    return () => {
      pendingStop.current = setTimeout(() => app.send({ type: 'app.pageActor.stop', actor }), 0);
    };
  }, [actor, app]);
  return actor as unknown as ActorRefFrom<TMachine>;
}

/**
 * The link machine of the link `key` (ADR 009): one actor per link in the shop's system, so the
 * link's request runs once, whatever React mounts or renders again.
 */
export function useLinkActor(key: string, machine: typeof linkRequestMachine, input: LinkRequestInput): LinkRequestActor {
  const { app } = useShopActors();
  return useMemo(() => linkActorOf(app, key, machine, input), [app, key, machine, input]);
}
