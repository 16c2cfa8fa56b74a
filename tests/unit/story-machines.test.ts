/**
 * How Storybook starts the machines of a story (.storybook/story-machines.ts): one actor system,
 * snapshots restored, events replayed, effects that never settle and timers that never fire.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMachine, fromPromise, setup } from 'xstate';
import { startStoryMachines } from '../../.storybook/story-machines';

afterEach(() => {
  vi.useRealTimers();
});

describe('story machines', () => {
  it('start every machine in one actor system, so machines reach each other by systemId', () => {
    const { actors } = startStoryMachines({ machines: { route: { events: [{ type: 'route.resolve', pathname: '/eyeglasses.html' }] } } });
    expect(actors.route!.system.get('cart')).toBe(actors.cart);
    expect(actors.route!.getSnapshot().value).toBe('resolving');
    // The route machine's entry action sends `app.pageLoading.set` to the system's 'app'.
    expect(actors.app!.getSnapshot().matches({ pageLoading: 'loading' })).toBe(true);
  });

  it("merge a story's context over the context the machine starts with", () => {
    const { actors } = startStoryMachines({ machines: { storeView: { value: 'failed', context: { error: 'Failed to fetch' } } } });
    const snapshot = actors.storeView!.getSnapshot();
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context).toMatchObject({ error: 'Failed to fetch', storeCode: 'ca', defaultCode: 'ca' });
  });

  it('put the store view in ready when a story does not name it (views need one)', () => {
    const { actors } = startStoryMachines({ storeCode: 'fr', locale: 'fr-FR' });
    expect(actors.storeView!.getSnapshot().value).toBe('ready');
    expect(actors.storeView!.getSnapshot().context).toMatchObject({ storeCode: 'fr', locale: 'fr-FR' });
  });

  it('never settle effects and never fire timers: a story shows a state and stays in it', async () => {
    vi.useFakeTimers();
    const kettle = setup({
      actors: { boil: fromPromise(async () => 'boiled') },
      delays: { cooling: 1000 },
    }).createMachine({
      id: 'kettle',
      initial: 'idle',
      states: {
        idle: { on: { 'kettle.start': 'boiling' } },
        boiling: { invoke: { src: 'boil', onDone: 'hot' } },
        hot: { after: { cooling: 'idle' } },
      },
    });
    const catalog = [{ id: 'kettle', machine: kettle }];
    const boiling = startStoryMachines({ machines: { kettle: { events: [{ type: 'kettle.start' }] } } }, { catalog }).actors.kettle!;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(boiling.getSnapshot().value).toBe('boiling');
  });

  it('keep timers of a state reached by events from firing', async () => {
    vi.useFakeTimers();
    const lamp = createMachine({ id: 'lamp', initial: 'off', states: { off: { on: { 'lamp.on': 'on' } }, on: { after: { 1000: 'off' } } } });
    const { actors } = startStoryMachines({ machines: { lamp: { events: [{ type: 'lamp.on' }] } } }, { catalog: [{ id: 'lamp', machine: lamp }] });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actors.lamp!.getSnapshot().value).toBe('on');
  });

  it('refuse a story naming a machine the catalog does not have', () => {
    expect(() => startStoryMachines({ machines: { basket: { value: 'ready' } } })).toThrow(
      /parameters.shop.machines names unknown machines: basket \(known: .*cart/,
    );
  });
});
