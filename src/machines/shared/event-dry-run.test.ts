import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { routeMachine } from '../route/route.machine';
import { storeViewMachine } from '../store-view/store-view.machine';
import { checkEvent } from './event-dry-run';

const storeViewInput = {
  knownCodes: ['ca', 'fr'],
  defaultCode: 'ca',
  pathname: '/ca/',
  stored: { code: 'ca', currency: 'CAD', secureBaseMediaUrl: '/media/' },
};
const readyStoreView = () => {
  const actor = createActor(storeViewMachine, { input: storeViewInput });
  const start = actor.getSnapshot();
  return { actor, snapshot: storeViewMachine.resolveState({ value: 'ready', context: { ...start.context, storeCode: 'ca' } }) };
};

describe('the inspector checks a hand-typed event before sending it', () => {
  it('refuses storeView.switch without the path its type needs, naming the event and the fields given', () => {
    const { actor, snapshot } = readyStoreView();
    const check = checkEvent(actor, storeViewMachine, snapshot, { type: 'storeView.switch', code: 'fr' });
    expect(check.ok).toBe(false);
    expect(!check.ok && check.message).toMatch(
      /^Not sent: storeView\.switch with the fields code does not fit the event's type \(.+\)\. Add the fields it needs/,
    );
  });

  it('lets a payload that fits through, without moving the machine (a dry run)', () => {
    const { actor, snapshot } = readyStoreView();
    expect(checkEvent(actor, storeViewMachine, snapshot, { type: 'storeView.switch', code: 'fr', path: '/cart' })).toEqual({ ok: true });
    expect(snapshot.value).toBe('ready');
  });

  it('finds the other machines of the running system, as an action sending to one would (route.resolve tells the app machine)', () => {
    const host = createActor(createMachine({ id: 'host' }));
    host.start();
    // An app machine counting every event it receives.
    const counting = createMachine({
      id: 'app',
      context: { received: 0 },
      on: { '*': { actions: assign({ received: ({ context }) => context.received + 1 }) } },
    });
    const app = createActor(counting, { parent: host, systemId: 'app' }).start();
    const route = createActor(routeMachine, { parent: host, systemId: 'route', input: { shopHosts: ['localhost'] } });
    const snapshot = route.getSnapshot() as AnyMachineSnapshot;
    expect(checkEvent(route as AnyActorRef, routeMachine, snapshot, { type: 'route.resolve', pathname: '/eyeglasses.html' })).toEqual({ ok: true });
    // Nothing was sent for real.
    expect(app.getSnapshot().context.received).toBe(0);
    expect(route.getSnapshot().value).toBe('idle');
    host.stop();
  });

  it('refuses any event once the machine has stopped', () => {
    const { actor, snapshot } = readyStoreView();
    const stopped = { ...snapshot, status: 'done' } as typeof snapshot;
    expect(checkEvent(actor, storeViewMachine, stopped, { type: 'storeView.retry' })).toEqual({
      ok: false,
      message: 'The machine is done: it takes no more events.',
    });
  });
});
