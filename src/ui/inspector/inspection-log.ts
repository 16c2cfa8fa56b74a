/**
 * The events actors received, recorded from XState's inspection API (`@xstate.event`), per actor,
 * newest first and bounded. Views read it with `useSyncExternalStore`.
 */
import type { AnyActorRef, AnyEventObject, InspectionEvent } from 'xstate';

type ActorSystemOf = AnyActorRef['system'];

export interface InspectionLogEntry {
  /** Increases by one per recorded event (a stable React key). */
  seq: number;
  /** When it was received (ms since the epoch). */
  at: number;
  type: string;
  /** The event without its `type`. */
  payload: Record<string, unknown>;
  /** Who sent it: an actor's id, or null when sent from outside the system (a view, a test). */
  sourceId: string | null;
}

export interface InspectionLog {
  /** The observer to hand to `createActor(logic, { inspect })` or `system.inspect(...)`. */
  observe(event: InspectionEvent): void;
  /** Observes every actor of the actor's system from now on (once per system); returns the detach. */
  attach(actor: AnyActorRef): () => void;
  /** Newest first; the same array until the actor receives another event. */
  entriesOf(actor: AnyActorRef): readonly InspectionLogEntry[];
  subscribe(listener: () => void): () => void;
}

export interface InspectionLogOptions {
  /** How many events are kept per actor (default 100). */
  limit?: number;
  now?: () => number;
}

const NO_ENTRIES: readonly InspectionLogEntry[] = Object.freeze([]);

export function createInspectionLog({ limit = 100, now = Date.now }: InspectionLogOptions = {}): InspectionLog {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`Inspection log limit must be a positive integer, got ${limit}`);
  const entriesBySession = new Map<string, readonly InspectionLogEntry[]>();
  const listeners = new Set<() => void>();
  const attached = new Map<ActorSystemOf, { count: number; unsubscribe: () => void }>();
  let seq = 0;

  const log: InspectionLog = {
    observe(event) {
      if (event.type !== '@xstate.event') return;
      const { type, ...payload } = event.event as AnyEventObject;
      const entry: InspectionLogEntry = { seq: ++seq, at: now(), type, payload, sourceId: (event.sourceRef as AnyActorRef | undefined)?.id ?? null };
      const sessionId = event.actorRef.sessionId;
      entriesBySession.set(sessionId, [entry, ...(entriesBySession.get(sessionId) ?? [])].slice(0, limit));
      listeners.forEach((listener) => listener());
    },
    attach(actor) {
      const system: ActorSystemOf = actor.system;
      const existing = attached.get(system);
      if (existing) existing.count += 1;
      else attached.set(system, { count: 1, unsubscribe: system.inspect((event: InspectionEvent) => log.observe(event)).unsubscribe });
      return () => {
        const current = attached.get(system);
        if (!current) return;
        current.count -= 1;
        if (current.count === 0) {
          current.unsubscribe();
          attached.delete(system);
        }
      };
    },
    entriesOf(actor) {
      return entriesBySession.get(actor.sessionId) ?? NO_ENTRIES;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return log;
}
