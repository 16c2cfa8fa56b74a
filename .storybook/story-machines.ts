/**
 * The machines of a story, without React: every machine of the catalog started in ONE actor system
 * (children of a host actor, each under its `systemId`, so `system.get('cart')` works between them),
 * each from the story's snapshot or driven by the story's events. Effects never settle and timers
 * never fire: a story shows a state, it does not move on by itself.
 *
 * Used by the shop decorator (to render) and by tests/unit/story-coverage.test.ts (to learn which
 * states each story shows), so both see exactly the same states.
 */
import {
  createActor,
  createMachine,
  fromPromise,
  type ActorOptions,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyStateMachine,
  type StateValue,
} from 'xstate';
import { STORE_CODES } from '../src/services/store-view/store-views';
import type { InspectionLog } from '../src/ui/inspector/inspection-log';
import { activeStateIds } from '../src/ui/inspector/statechart-model';
import type { MachineStory, MachineStoryParameters, ShopStoryParameters } from '../src/ui/shared/stories/story-parameters';
import { storyMachineCatalog, type CatalogMachine } from './story-machine-catalog';

export type { MachineStory, MachineStoryParameters, ShopStoryParameters } from '../src/ui/shared/stories/story-parameters';

export interface StoryMachines {
  /** The running actors by machine id. */
  actors: Record<string, AnyActorRef>;
  /** The actor whose system they share. */
  host: AnyActorRef;
}

/** Each machine's input in a story (machines without input are absent). */
const storyInputs: Record<string, (params: ShopStoryParameters) => unknown> = {
  storeView: (params) => {
    const storeCode = params.storeCode ?? 'ca';
    return {
      knownCodes: STORE_CODES,
      defaultCode: 'ca',
      pathname: `/${storeCode}/`,
      stored: { code: storeCode, currency: 'CAD', secureBaseMediaUrl: '/media/' },
    };
  },
  app: () => ({ isOnline: true }),
  route: () => ({ shopHosts: ['localhost', '127.0.0.1'] }),
  session: () => ({ tokenRecord: null }),
  cart: () => ({ cartId: 'story-cart-id', isSignedIn: false }),
  // A fixed day keeps the exam-date rule's outcome the same on every run.
  customise: () => ({ urlKey: 'aurora-cat-eye', isSignedIn: false, today: '2026-01-15' }),
  tryOn: () => ({ frame: null }),
  savedPrescriptions: () => ({ today: '2026-01-15' }),
  prescriptionFix: () => ({ orderNumber: '000000001', key: 'story-key', today: '2026-01-15' }),
  savedForm: () => ({ values: {} }),
  linkRequest: () => ({ doneToast: null }),
};

/** Where a machine is when the story does not name it: views need a store view that is ready. */
const defaultStories: Record<string, (params: ShopStoryParameters) => MachineStory> = {
  storeView: (params) => ({ value: 'ready', context: { storeCode: params.storeCode ?? 'ca', locale: params.locale ?? 'en-CA', currency: 'CAD' } }),
};

/** A promise that never settles: an invoked effect stays in flight for as long as the story is shown. */
const pendingEffect = fromPromise(() => new Promise<never>(() => {}));

/** Timers are scheduled and never fire. */
let timerIds = 0;
const frozenClock: NonNullable<ActorOptions<AnyActorLogic>['clock']> = {
  setTimeout: () => ++timerIds,
  clearTimeout: () => {},
};

/** Whether an actor's logic is a state machine (a child machine the parent runs, such as the app's search suggestions). */
const isStateMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' && logic !== null && 'implementations' in logic && typeof (logic as { provide?: unknown }).provide === 'function';

/**
 * The catalog's machine with every named effect replaced by a never-settling one; a child that is
 * itself a machine stays a machine (its views read its context), with its own effects so replaced.
 */
function withPendingEffects(machine: AnyStateMachine): AnyStateMachine {
  const actors = Object.fromEntries(
    Object.entries(machine.implementations.actors).map(([name, logic]) => [name, isStateMachine(logic) ? withPendingEffects(logic) : pendingEffect]),
  );
  return machine.provide({ actors });
}

export function storyInputOf(id: string, params: ShopStoryParameters): unknown {
  return storyInputs[id]?.(params);
}

export function machineStoryOf(id: string, params: ShopStoryParameters): MachineStory | undefined {
  return params.machines?.[id] ?? defaultStories[id]?.(params);
}

export interface StartStoryMachinesOptions {
  /** Records every event of the system from the start (the inspector's event log). */
  log?: InspectionLog;
  catalog?: readonly CatalogMachine[];
}

export function startStoryMachines(params: ShopStoryParameters, { log, catalog = storyMachineCatalog }: StartStoryMachinesOptions = {}): StoryMachines {
  const unknown = Object.keys(params.machines ?? {}).filter((id) => !catalog.some((entry) => entry.id === id));
  if (unknown.length) throw new Error(`parameters.shop.machines names unknown machines: ${unknown.join(', ')} (known: ${catalog.map((e) => e.id).join(', ')})`);

  const host = createActor(createMachine({ id: 'story' }), { clock: frozenClock });
  if (log) log.attach(host);
  host.start();
  const actors: Record<string, AnyActorRef> = {};
  for (const { id, machine } of catalog) {
    const logic = withPendingEffects(machine);
    const input = storyInputOf(id, params);
    const story = machineStoryOf(id, params);
    actors[id] = createActor(logic, { parent: host, id, systemId: id, input, snapshot: restoredSnapshot(id, logic, input, story) });
  }
  // Every machine runs before any event is sent, so events they send each other arrive.
  Object.values(actors).forEach((actor) => actor.start());
  for (const { id } of catalog) {
    for (const event of params.machines?.[id]?.events ?? []) actors[id]!.send(event);
  }
  return { actors, host };
}

function restoredSnapshot(id: string, logic: AnyStateMachine, input: unknown, story: MachineStory | undefined) {
  if (story?.value === undefined && story?.context === undefined) return undefined;
  // An actor that is never started: only its start state and context are read.
  const start = createActor(logic, { input }).getSnapshot();
  const value = story.value ?? start.value;
  try {
    return logic.resolveState({ value, context: { ...start.context, ...story.context } });
  } catch (error) {
    throw new Error(
      `parameters.shop.machines.${id}.value ${JSON.stringify(value)} is not a state of the ${id} machine: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** `<machine id>.<path>` of every active state node of a running machine actor. */
export function activeStatePaths(id: string, actor: AnyActorRef): string[] {
  const machine = (actor as AnyActorRef & { logic: AnyStateMachine }).logic;
  const value = (actor.getSnapshot() as { value: StateValue }).value;
  return [...activeStateIds(machine, value)].map((nodeId) => statePath(id, machine.getStateNodeById(nodeId).path));
}

export function statePath(machineId: string, path: readonly string[]): string {
  return [machineId, ...path].join('.');
}

/**
 * The states a story shows: those of the machines it names in `parameters.shop.machines` (after
 * its snapshot and events), plus any listed in `parameters.machineStates`.
 */
export function statesShownBy(parameters: MachineStoryParameters, catalog: readonly CatalogMachine[] = storyMachineCatalog): string[] {
  const shop = parameters.shop ?? {};
  const named = Object.keys(shop.machines ?? {});
  const shown = new Set(parameters.machineStates ?? []);
  if (named.length > 0) {
    const { actors, host } = startStoryMachines(shop, { catalog });
    for (const id of named) activeStatePaths(id, actors[id]!).forEach((path) => shown.add(path));
    // Children of a host cannot be stopped one by one; nothing of theirs runs on (no timer, no settling effect).
    host.stop();
  }
  return [...shown];
}
