import { ApolloError } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { eventChoices } from './event-choices';
import { createInspectionLog } from './inspection-log';
import { prettyValue } from './pretty-value';
import { layoutStatechart, type LaidOutState } from './statechart-layout';
import { activeStateIds, allStateNodes, statechartOf } from './statechart-model';

/** A small machine with every kind of state and transition the inspector draws. */
const doorMachine = setup({
  types: { context: {} as { opens: number }, events: {} as { type: 'open' } | { type: 'close' } | { type: 'lock'; code?: string } | { type: 'paint' } },
  actors: { checkLock: fromPromise(async () => true) },
  guards: { isNotLocked: () => true, rightCode: ({ event }) => (event as { code?: string }).code!.length === 4 },
  delays: { autoClose: 5000 },
}).createMachine({
  id: 'door',
  context: { opens: 0 },
  initial: 'closed',
  on: { paint: { actions: assign({ opens: 0 }) } },
  states: {
    closed: {
      on: { open: { guard: 'isNotLocked', target: 'opened' }, lock: { guard: 'rightCode', target: 'locking' } },
    },
    locking: { invoke: { src: 'checkLock', onDone: 'locked', onError: 'closed' } },
    locked: { type: 'final' },
    opened: {
      type: 'parallel',
      after: { autoClose: '#door.closed' },
      on: { close: 'closed' },
      states: {
        hinge: { initial: 'swinging', states: { swinging: { always: 'still' }, still: {} } },
        light: { initial: 'on', states: { on: { after: { 1000: 'off' } }, off: {} } },
      },
    },
  },
});

describe('statechart model', () => {
  const chart = statechartOf(doorMachine);

  it('lists every state node with its kind, initial child and children', () => {
    expect(allStateNodes(chart.root).map((node) => `${node.path.join('.')}:${node.kind}`)).toEqual([
      'closed:atomic',
      'locking:atomic',
      'locked:final',
      'opened:parallel',
      'opened.hinge:compound',
      'opened.hinge.swinging:atomic',
      'opened.hinge.still:atomic',
      'opened.light:compound',
      'opened.light.on:atomic',
      'opened.light.off:atomic',
    ]);
    expect(chart.root.initialChildId).toBe('door.closed');
    expect(chart.root.children.find((node) => node.key === 'locking')?.invokes).toEqual(['checkLock']);
  });

  it('labels transitions with events as a person reads them: done/error of an actor, delays, always, guards', () => {
    const labels = chart.edges.map((edge) => `${edge.sourceId} -${edge.label}${edge.guard ? ` [${edge.guard}]` : ''}-> ${edge.targetId}`);
    expect(labels).toEqual(
      expect.arrayContaining([
        'door.closed -open [isNotLocked]-> door.opened',
        'door.closed -lock [rightCode]-> door.locking',
        'door.locking -done: checkLock-> door.locked',
        'door.locking -error: checkLock-> door.closed',
        'door.opened -after autoClose-> door.closed',
        'door.opened -close-> door.closed',
        'door.opened.hinge.swinging -always-> door.opened.hinge.still',
        'door.opened.light.on -after 1000 ms-> door.opened.light.off',
        // a transition with actions only loops on its state
        'door -paint-> door',
      ]),
    );
  });

  it('knows the active states at every level, parallel regions included', () => {
    expect([...activeStateIds(doorMachine, { opened: { hinge: 'still', light: 'on' } })].sort()).toEqual([
      'door.opened',
      'door.opened.hinge',
      'door.opened.hinge.still',
      'door.opened.light',
      'door.opened.light.on',
    ]);
  });
});

describe('statechart layout (ELK)', () => {
  it('nests every state inside its parent and routes every transition', async () => {
    const layout = await layoutStatechart(statechartOf(doorMachine));
    const byId = new Map(layout.states.map((state) => [state.state.id, state]));
    const inside = (child: LaidOutState, parent: LaidOutState) =>
      child.x >= parent.x && child.y >= parent.y && child.x + child.width <= parent.x + parent.width && child.y + child.height <= parent.y + parent.height;
    for (const state of layout.states) {
      const parentId = state.state.path.length > 1 ? `door.${state.state.path.slice(0, -1).join('.')}` : state.state.path.length === 1 ? 'door' : null;
      if (parentId) expect(inside(state, byId.get(parentId)!), `${state.state.id} inside ${parentId}`).toBe(true);
    }
    expect(layout.states).toHaveLength(11);
    // the root's actions-only transition is listed by the inspector, not drawn around the chart
    expect(layout.edges.some((edge) => edge.edge?.label === 'paint')).toBe(false);
    expect(layout.edges.filter((edge) => edge.edge).every((edge) => edge.points.length >= 2 && edge.label !== null)).toBe(true);
    // root, opened.hinge and opened.light have an initial child; the parallel state has none
    expect(layout.initialMarkers.map((marker) => marker.parentId).sort()).toEqual(['door', 'door.opened.hinge', 'door.opened.light']);
    expect(layout.width).toBeGreaterThan(0);
  }, 60_000);

  it('lays each definition out once', () => {
    const chart = statechartOf(doorMachine);
    expect(statechartOf(doorMachine)).toBe(chart);
    expect(layoutStatechart(chart)).toBe(layoutStatechart(chart));
  });
});

describe('events a person can send', () => {
  it('lists the events of the active states and the root, marking those not accepted now', () => {
    const snapshot = createActor(doorMachine).getSnapshot();
    expect(eventChoices(doorMachine, snapshot, {})).toEqual([
      { type: 'lock', accepted: 'unknown' }, // its guard reads event.code, absent without a payload
      { type: 'open', accepted: true },
      { type: 'paint', accepted: true },
    ]);
    expect(eventChoices(doorMachine, snapshot, { code: '12' }).find((choice) => choice.type === 'lock')).toEqual({ type: 'lock', accepted: false });
    expect(eventChoices(doorMachine, snapshot, { code: '1234' }).find((choice) => choice.type === 'lock')).toEqual({ type: 'lock', accepted: true });
  });
});

describe('inspection log', () => {
  it('records the events each actor receives, newest first, bounded, with payload and sender', () => {
    let now = 1000;
    const log = createInspectionLog({ limit: 2, now: () => now++ });
    const actor = createActor(doorMachine);
    const detach = log.attach(actor);
    actor.start();
    actor.send({ type: 'lock', code: '12' });
    actor.send({ type: 'paint' });
    actor.send({ type: 'open' });
    expect(log.entriesOf(actor).map(({ type, payload, sourceId }) => ({ type, payload, sourceId }))).toEqual([
      { type: 'open', payload: {}, sourceId: null },
      { type: 'paint', payload: {}, sourceId: null },
    ]);
    detach();
    actor.send({ type: 'close' });
    expect(log.entriesOf(actor)[0]?.type).toBe('open');
  });

  it('observes a system once however many actors of it are attached', () => {
    const log = createInspectionLog();
    const actor = createActor(doorMachine).start();
    const detachA = log.attach(actor);
    const detachB = log.attach(actor);
    actor.send({ type: 'paint' });
    expect(log.entriesOf(actor)).toHaveLength(1);
    detachA();
    actor.send({ type: 'paint' });
    expect(log.entriesOf(actor)).toHaveLength(2);
    detachB();
  });

  it('rejects a limit that is not a positive integer', () => {
    expect(() => createInspectionLog({ limit: 0 })).toThrow('Inspection log limit must be a positive integer, got 0');
  });
});

describe('pretty value', () => {
  it('writes what JSON cannot say: actor refs, errors, maps, sets, cycles, undefined', () => {
    const actor = createActor(doorMachine, { id: 'door-actor' });
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const text = prettyValue({ actor, error: new TypeError('bad'), map: new Map([['a', 1]]), set: new Set([2]), cyclic, missing: undefined });
    expect(JSON.parse(text)).toEqual({
      actor: '[actor door-actor]',
      error: { error: 'TypeError', message: 'bad' },
      map: { a: 1 },
      set: [2],
      cyclic: { name: 'loop', self: '[circular]' },
      missing: '[undefined]',
    });
  });

  it("shows what an error carries beside its message (an ApolloError's GraphQL errors), without empty fields or a repeated cause", () => {
    const graphQLError = { message: "The cart isn't active.", extensions: { category: 'graphql-no-such-entity' } };
    const error = new ApolloError({ graphQLErrors: [graphQLError] });
    expect(JSON.parse(prettyValue({ error }))).toEqual({
      error: { error: 'ApolloError', message: "The cart isn't active.", graphQLErrors: [graphQLError] },
    });
  });
});
