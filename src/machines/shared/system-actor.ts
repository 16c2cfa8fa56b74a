/**
 * The actor of a system by its systemId, for `sendTo` (ADR 010):
 * `sendTo(({ system }) => systemActor(system, 'toast'), …)`. XState sends an event whose `sendTo`
 * target resolves to `undefined` to the sending machine itself, where it is usually ignored; a
 * missing actor is a wiring bug, so this throws (the sending machine then fails, loudly).
 */
import type { AnyActorRef } from 'xstate';

export function systemActor(system: { get(systemId: string): AnyActorRef | undefined }, systemId: string): AnyActorRef {
  const actor = system.get(systemId);
  if (!actor) throw new Error(`No '${systemId}' actor in this actor system: the event sent to it would be lost.`);
  return actor;
}
