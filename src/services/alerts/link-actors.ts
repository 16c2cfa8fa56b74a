/**
 * One actor per link in the shop's actor system (ADR 009): the link machine's actor is registered
 * under a systemId made of the link, so whoever opens the same link again (React's strict-mode
 * double mount, a re-render, coming back to the same URL) finds the running actor and its answer
 * instead of sending the link's request a second time. The actor lives as long as the page load.
 */
import { createActor, type AnyActorRef } from 'xstate';
import type { LinkRequestActor, LinkRequestInput, linkRequestMachine } from '../../machines/link-request/link-request.machine';

export const linkSystemIdOf = (key: string) => `link:${key}`;

/** The running actor of that link in `host`'s system, started now when there is none. */
export function linkActorOf(host: AnyActorRef, key: string, logic: typeof linkRequestMachine, input: LinkRequestInput): LinkRequestActor {
  const systemId = linkSystemIdOf(key);
  const running = host.system.get(systemId) as LinkRequestActor | undefined;
  if (running) return running;
  return createActor(logic, { parent: host, systemId, input }).start();
}
