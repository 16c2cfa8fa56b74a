/**
 * Tests only: a host actor system with stand-ins for the shop's 'toast' and 'session' actors that
 * record what they receive, so a page machine started inside it (ADR 009) can be checked for the
 * events it sends them with `sendTo`.
 */
import { createActor, createMachine, fromCallback, type AnyActorLogic, type AnyEventObject, type InputFrom } from 'xstate';

export interface Received {
  to: 'toast' | 'session';
  event: AnyEventObject;
}

export function startInShopSystem<TLogic extends AnyActorLogic>(logic: TLogic, input: InputFrom<TLogic>) {
  const received: Received[] = [];
  const recorder = (to: Received['to']) => fromCallback(({ receive }) => receive((event) => received.push({ to, event })));
  const host = createActor(
    createMachine({
      id: 'shopStandIn',
      invoke: [
        { src: recorder('toast'), systemId: 'toast' },
        { src: recorder('session'), systemId: 'session' },
      ],
    }),
  ).start();
  const actor = createActor(logic, { parent: host, input } as never).start();
  return { actor: actor as ReturnType<typeof createActor<TLogic>>, received, host };
}
