import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, StateValue } from 'xstate';
import { ContextView } from './context-view';
import { EventLogView } from './event-log-view';
import { EventSender } from './event-sender';
import type { InspectionLog } from './inspection-log';
import styles from './inspector.module.css';
import { isRootSelfLoop } from './statechart-layout';
import { activeStateIds, statechartOf } from './statechart-model';
import { StatechartDiagram } from './statechart-diagram';

export interface MachineInspectorProps {
  /** A running actor of a state machine. */
  actor: AnyActorRef;
  /** Where the actor's received events are recorded; attached to its system while shown. */
  log: InspectionLog;
  /** The name the app knows the actor by (defaults to the actor's id). */
  name?: string;
}

/** One actor, live: its statechart with the current states highlighted, context, events, a sender. */
export function MachineInspector({ actor, log, name }: MachineInspectorProps) {
  const snapshot = useSelector(actor, (s: unknown) => s as AnyMachineSnapshot);
  useEffect(() => log.attach(actor), [actor, log]);
  const machine = machineOf(actor);
  const title = name ?? actor.id;
  // The same set while the state value is the same: the diagram scrolls to the current state only when it changes.
  const activeIds = useMemo(() => (machine ? activeStateIds(machine, snapshot.value) : new Set<string>()), [machine, snapshot.value]);
  if (!machine) {
    return (
      <section data-machine-inspector={title} aria-label={`${title} inspector`} className={styles.inspector}>
        <h2 className={styles.title}>{title}</h2>
        <p className={styles.note}>This actor is not a state machine: only its events are shown.</p>
        <EventLogView actor={actor} log={log} />
      </section>
    );
  }
  const states = stateValueText(snapshot.value);
  return (
    <section data-machine-inspector={title} aria-label={`${title} inspector`} className={styles.inspector}>
      <h2 className={styles.title}>{title}</h2>
      <dl className={styles.summary}>
        <dt>State</dt>
        <dd>
          <output aria-label="Current state">{states}</output>
        </dd>
        <dt>Status</dt>
        <dd>
          {snapshot.status}
          {snapshot.status === 'error' && <span className={styles.error}> — {errorText(snapshot.error)}</span>}
        </dd>
        {handledAnywhere(machine).length > 0 && (
          <>
            <dt>Handled in every state</dt>
            <dd>{handledAnywhere(machine).join(', ')}</dd>
          </>
        )}
        {snapshot.tags.size > 0 && (
          <>
            <dt>Tags</dt>
            <dd>{[...snapshot.tags].join(', ')}</dd>
          </>
        )}
      </dl>
      <StatechartDiagram machine={machine} activeIds={activeIds} description={states} />
      <div className={styles.columns}>
        <EventSender actor={actor} machine={machine} snapshot={snapshot} />
        <EventLogView actor={actor} log={log} />
      </div>
      <ContextView context={snapshot.context} />
    </section>
  );
}

/** Events the machine itself handles without changing state (not drawn as edges). */
function handledAnywhere(machine: AnyStateMachine): string[] {
  const chart = statechartOf(machine);
  return [...new Set(chart.edges.filter((edge) => isRootSelfLoop(chart, edge)).map((edge) => edge.label))];
}

function machineOf(actor: AnyActorRef): AnyStateMachine | null {
  const logic = (actor as { logic?: unknown }).logic;
  return typeof logic === 'object' && logic !== null && 'root' in logic ? (logic as AnyStateMachine) : null;
}

/** `{ auth: { signedIn: { details: 'received' } }, passwordReset: 'idle' }` as `auth.signedIn.details.received, passwordReset.idle`. */
export function stateValueText(value: StateValue): string {
  const leaves = (current: StateValue, prefix: string): string[] =>
    typeof current === 'string'
      ? [prefix + current]
      : Object.entries(current).flatMap(([key, child]) =>
          child === undefined || (typeof child === 'object' && Object.keys(child).length === 0) ? [prefix + key] : leaves(child, `${prefix}${key}.`),
        );
  return leaves(value, '').join(', ');
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
