import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, AnyStateMachine, InputFrom } from 'xstate';
import type { LinkRequestActor, LinkRequestInput, linkRequestMachine } from '../../machines/link-request/link-request.machine';
import { linkActorOf } from '../../services/alerts/link-actors';
import { useShopActors } from './shop-actors';

/**
 * A page's own machine (ADR 004: page-only machines are started by their pages), started inside
 * the shop's actor system (ADR 009) so it reaches 'toast', 'session' and the others with `sendTo`.
 * It runs while the page is shown; the app actor is its parent (it hears of a crash).
 */
export function useShopPageActor<TMachine extends AnyStateMachine>(machine: TMachine, input: InputFrom<TMachine>): ActorRefFrom<TMachine> {
  const { app } = useShopActors();
  return useActorRef(machine, { input, parent: app } as never) as ActorRefFrom<TMachine>;
}

/**
 * The link machine of the link `key` (ADR 009): one actor per link in the shop's system, so the
 * link's request runs once, whatever React mounts or renders again.
 */
export function useLinkActor(key: string, machine: typeof linkRequestMachine, input: LinkRequestInput): LinkRequestActor {
  const { app } = useShopActors();
  return useMemo(() => linkActorOf(app, key, machine, input), [app, key, machine, input]);
}
