/**
 * A machine definition as a drawable graph: its state nodes (nested) and its transitions as
 * labelled edges. Pure: read from `machine.root`, no actor is started.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from 'xstate';

export type StateNodeKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface StatechartNode {
  /** The state node's id (`cart.ready`), unique in the machine. */
  id: string;
  /** Its key in the parent (`ready`); the machine id for the root. */
  key: string;
  /** Keys from the root, e.g. `['addingItem', 'mutating']` (empty for the root). */
  path: string[];
  kind: StateNodeKind;
  /** The id of the child entered first (compound states only). */
  initialChildId: string | null;
  tags: string[];
  /** Names of the actors this state invokes. */
  invokes: string[];
  children: StatechartNode[];
}

export interface StatechartEdge {
  id: string;
  sourceId: string;
  /** The source itself for a transition without a target (actions only). */
  targetId: string;
  /** The event as a person reads it: `cart.addItem`, `done: fetchCartDetails`, `after 1000 ms`, `always`. */
  label: string;
  /** The event type the transition is taken on (`''` for eventless ones). */
  eventType: string;
  guard: string | null;
}

export interface Statechart {
  machineId: string;
  root: StatechartNode;
  edges: StatechartEdge[];
}

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

const charts = new WeakMap<AnyStateMachine, Statechart>();

/** The machine's statechart (read once per definition: the same object is returned every time). */
export function statechartOf(machine: AnyStateMachine): Statechart {
  let chart = charts.get(machine);
  if (!chart) {
    const edges: StatechartEdge[] = [];
    const root = nodeOf(machine.root, edges);
    chart = { machineId: machine.id, root, edges };
    charts.set(machine, chart);
  }
  return chart;
}

/** The ids of the state nodes a state value makes active: every level, not only the leaves. */
export function activeStateIds(machine: AnyStateMachine, value: StateValue): Set<string> {
  const ids = new Set<string>();
  const walk = (node: AnyStateNode, subValue: StateValue) => {
    const entries: [string, StateValue | null | undefined][] = typeof subValue === 'string' ? [[subValue, null]] : Object.entries(subValue);
    for (const [key, childValue] of entries) {
      const child = node.states[key];
      if (!child) continue;
      ids.add(child.id);
      if (childValue !== null && childValue !== undefined) walk(child, childValue);
    }
  };
  walk(machine.root, value);
  return ids;
}

function nodeOf(stateNode: AnyStateNode, edges: StatechartEdge[]): StatechartNode {
  const children = Object.values(stateNode.states).map((child) => nodeOf(child, edges));
  edges.push(...edgesOf(stateNode));
  return {
    id: stateNode.id,
    key: stateNode.parent ? stateNode.key : stateNode.machine.id,
    path: [...stateNode.path],
    kind: stateNode.type,
    initialChildId: stateNode.type === 'compound' ? (stateNode.initial.target[0]?.id ?? null) : null,
    tags: [...stateNode.tags],
    invokes: stateNode.invoke.map((invoke) => sourceName(invoke.src)),
    children,
  };
}

function edgesOf(stateNode: AnyStateNode): StatechartEdge[] {
  const transitions: AnyTransitionDefinition[] = [...[...stateNode.transitions.values()].flat(), ...(stateNode.always ?? [])];
  return transitions.flatMap((transition, index) => {
    const targets = transition.target?.length ? transition.target : [stateNode];
    return targets.map((target, targetIndex) => ({
      id: `${stateNode.id}#${index}.${targetIndex}`,
      sourceId: stateNode.id,
      targetId: target.id,
      label: eventLabel(stateNode, transition.eventType),
      eventType: transition.eventType,
      guard: guardName(transition.guard),
    }));
  });
}

/** Internal event types in words: invoked actors by their source name, delays by their name or duration. */
export function eventLabel(stateNode: AnyStateNode, eventType: string): string {
  if (eventType === '') return 'always';
  if (eventType.startsWith(DONE_ACTOR)) return `done: ${invokedSourceName(stateNode, eventType.slice(DONE_ACTOR.length))}`;
  if (eventType.startsWith(ERROR_ACTOR)) return `error: ${invokedSourceName(stateNode, eventType.slice(ERROR_ACTOR.length))}`;
  if (eventType.startsWith(AFTER)) {
    const delay = stateNode.after.find((after) => after.eventType === eventType)?.delay;
    return `after ${typeof delay === 'number' ? `${delay} ms` : typeof delay === 'string' ? delay : 'delay'}`;
  }
  return eventType;
}

function invokedSourceName(stateNode: AnyStateNode, invokeId: string): string {
  const invoke = stateNode.invoke.find((candidate) => candidate.id === invokeId);
  return invoke ? sourceName(invoke.src) : invokeId;
}

function sourceName(src: unknown): string {
  if (typeof src === 'string') return src;
  const id = (src as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : 'inline actor';
}

function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name && guard.name !== 'guard' ? guard.name : 'inline guard';
  const type = (guard as { type?: unknown }).type;
  return typeof type === 'string' ? type : 'guard';
}

/** Every state node below the root, depth first (history nodes are pseudo-states and left out). */
export function allStateNodes(node: StatechartNode): StatechartNode[] {
  return node.children.flatMap((child) => (child.kind === 'history' ? [] : [child, ...allStateNodes(child)]));
}
