/**
 * Checks a hand-typed event before the inspector sends it: the machine takes it in a dry run (its
 * next snapshot is computed, no action is executed, no actor started), so a payload that does not fit
 * the event's type — `storeView.switch` with `{ "code": "fr" }` and no `path` — is refused with the
 * reason instead of stopping the running machine with an error.
 *
 * The dry run is XState's pure `transition` (an inert actor scope whose action executor does
 * nothing), except that the actors of the running system are known to it by their systemId: actions
 * that send to another machine (`system.get('app')`) resolve their target as they would for real.
 */
import { createActor, type AnyActorRef, type AnyActorScope, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';

export type EventCheck = { ok: true } | { ok: false; message: string };

/** The system internals the dry run needs: registering an actor under its systemId. */
interface RegisteringSystem {
  get(systemId: string): AnyActorRef | undefined;
  getAll(): Record<string, AnyActorRef | undefined>;
  _set(systemId: string, actor: AnyActorRef): void;
}

function dryRunScope(machine: AnyStateMachine, running: AnyActorRef): AnyActorScope {
  // Never started: its system is its own, fresh one.
  const self = createActor(machine);
  const system = self.system as unknown as RegisteringSystem;
  for (const [systemId, actor] of Object.entries((running.system as unknown as RegisteringSystem).getAll())) {
    if (actor && !system.get(systemId)) system._set(systemId, actor);
  }
  return {
    self,
    system: self.system,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    stopChild: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
}

export function checkEvent(
  actor: AnyActorRef,
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject & Record<string, unknown>,
): EventCheck {
  if (snapshot.status !== 'active') return { ok: false, message: `The machine is ${snapshot.status}: it takes no more events.` };
  try {
    const next = machine.transition(snapshot, event, dryRunScope(machine, actor)) as AnyMachineSnapshot;
    if (next.status === 'error') return { ok: false, message: refusal(event, (next as { error?: unknown }).error) };
    return { ok: true };
  } catch (error) {
    return { ok: false, message: refusal(event, error) };
  }
}

function refusal(event: EventObject, error: unknown): string {
  const fields = Object.keys(event).filter((key) => key !== 'type');
  const given = fields.length ? `the fields ${fields.join(', ')}` : 'no field';
  return `Not sent: ${event.type} with ${given} does not fit the event's type (${error instanceof Error ? error.message : String(error)}). Add the fields it needs to the payload.`;
}
