/**
 * Tests only: a host actor system with recording stand-ins for the shop's actors ('app', 'toast',
 * 'session', and on request 'cart', each under its systemId), so a machine started inside it (ADR 004, ADR 009) finds the
 * actors it addresses with `sendTo(({ system }) => systemActor(system, id), …)`, and a test can
 * check what it sent them. The one home of these stand-ins for every machine's tests.
 */
import { createActor, createMachine, fromCallback, type ActorOptions, type AnyActorLogic, type AnyEventObject, type InputFrom } from 'xstate';

export type StandInId = 'app' | 'toast' | 'session' | 'cart';

export interface Received {
  to: StandInId;
  event: AnyEventObject;
}

export interface ShopSystemOptions {
  /** The stand-ins in the system (default: all of them); leave one out to see a machine fail without it. */
  standIns?: readonly StandInId[];
  /** The system's clock (a `SimulatedClock` drives the machine's delays). */
  clock?: ActorOptions<AnyActorLogic>['clock'];
}

const ALL_STAND_INS: readonly StandInId[] = ['app', 'toast', 'session'];

/** Starts `logic` with `input` as a child of a host whose system holds the recording stand-ins. */
export function startInShopSystem<TLogic extends AnyActorLogic>(
  logic: TLogic,
  input: InputFrom<TLogic>,
  { standIns = ALL_STAND_INS, clock }: ShopSystemOptions = {},
) {
  const received: Received[] = [];
  const recorder = (to: StandInId) => fromCallback(({ receive }) => receive((event) => received.push({ to, event })));
  const host = createActor(
    createMachine({
      id: 'shopStandIn',
      invoke: standIns.map((id) => ({ id, src: recorder(id), systemId: id })),
      // A machine that fails shows it in its own snapshot (status 'error'); the host stays up.
      on: { 'xstate.error.actor.*': {} },
    }),
    { clock },
  ).start();
  const actor = createActor(logic, { parent: host, input } as never).start();
  /** The events one stand-in received, in order. */
  const sentTo = (to: StandInId) => received.filter((r) => r.to === to).map((r) => r.event);
  return { actor: actor as ReturnType<typeof createActor<TLogic>>, received, sentTo, host };
}

/** What the toast stand-in receives when a machine raises a dismissable success toast at `timestamp`. */
export function successToastReceived(message: string, messageId: string, timestamp: number): Received {
  return { to: 'toast', event: { type: 'toast.add', toast: { type: 'success', message, messageId, dismissable: true }, timestamp } };
}
