/**
 * The events a person can send a machine by hand: those the active states (and the root) listen
 * to, each marked with whether the machine would take a transition on it right now.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { activeStateIds } from './statechart-model';

export interface EventChoice {
  type: string;
  /** `snapshot.can(event)`; 'unknown' when a guard could not be evaluated with the given payload. */
  accepted: boolean | 'unknown';
}

export function eventChoices(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, payload: Record<string, unknown>): EventChoice[] {
  const nodes = [machine.root, ...[...activeStateIds(machine, snapshot.value)].map((id) => machine.getStateNodeById(id))];
  const types = new Set(nodes.flatMap((node) => node.ownEvents as string[]).filter(isSendableByHand));
  return [...types].sort().map((type) => ({ type, accepted: canTake(snapshot, { ...payload, type }) }));
}

/** Internal events (done, error, delays) and wildcards are the machine's own business. */
function isSendableByHand(type: string): boolean {
  return type !== '' && type !== '*' && !type.startsWith('xstate.') && !type.endsWith('.*');
}

function canTake(snapshot: AnyMachineSnapshot, event: EventObject): boolean | 'unknown' {
  if (snapshot.status !== 'active') return false;
  try {
    return snapshot.can(event);
  } catch {
    // A guard read a payload field that was not given: the event may still be accepted with it.
    return 'unknown';
  }
}
