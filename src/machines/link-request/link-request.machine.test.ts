import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { startInShopSystem, successToastReceived } from '../shared/shop-system.test-helpers';
import { linkRequestMachine, selectLinkOutcome, type LinkFailure, type LinkRequestOutput } from './link-request.machine';

const subscribed: LinkRequestOutput = { at: 42, answer: { productName: 'Milo Round Tortoise S', productPath: '/milo-round.html' } };

function startLink(answers: Array<() => Promise<LinkRequestOutput>>) {
  const request = vi.fn((attempt: number) => answers[attempt - 1]!());
  const machine = linkRequestMachine.provide({
    actors: { request: fromPromise<LinkRequestOutput, { attempt: number }>(({ input }) => request(input.attempt)) },
  });
  return { ...startInShopSystem(machine, { doneToast: 'alertSubscribed' }), request };
}

const refused = (reason: string): LinkFailure => ({ kind: 'refused', reason });
const unreachable: LinkFailure = { kind: 'retryable', detail: null };

describe('linkRequest machine (spec §2 routes: /stock, /price, unsubscribe links, the abandoned-cart link)', () => {
  it('spec §2 /stock: the link’s request runs once on start; the answer is kept and the "alert set up" toast raised', async () => {
    const { actor, request, received } = startLink([async () => subscribed]);
    expect(selectLinkOutcome(actor.getSnapshot())).toEqual({ status: 'requesting' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(selectLinkOutcome(actor.getSnapshot())).toEqual({ status: 'done', answer: subscribed.answer });
    expect(received).toEqual([successToastReceived('Your alert is set up.', 'alerts.toast.subscribed', 42)]);
    // Done is the end: a retry sends nothing.
    actor.send({ type: 'link.retry' });
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('spec §2 unsubscribe: a refusal for good (a used link) is the end, retrying sends nothing, no toast', async () => {
    const { actor, request, received } = startLink([() => Promise.reject(refused('badLink'))]);
    await waitFor(actor, (s) => s.matches('refused'));
    expect(selectLinkOutcome(actor.getSnapshot())).toEqual({ status: 'refused', reason: 'badLink' });
    actor.send({ type: 'link.retry' });
    expect(actor.getSnapshot().matches('refused')).toBe(true);
    expect(request).toHaveBeenCalledTimes(1);
    expect(received).toEqual([]);
  });

  it('spec §8 (shop unreachable): a failure the shopper can retry waits for `link.retry`, then requests once more as attempt 2', async () => {
    const { actor, request } = startLink([
      () => Promise.reject(unreachable),
      () => Promise.reject({ kind: 'retryable', detail: 'Internal server error' }),
      async () => subscribed,
    ]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectLinkOutcome(actor.getSnapshot())).toEqual({ status: 'failed', detail: null });
    expect(request).toHaveBeenCalledTimes(1);
    actor.send({ type: 'link.retry' });
    // A second retry while the first is on its way is not a third request.
    actor.send({ type: 'link.retry' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectLinkOutcome(actor.getSnapshot())).toEqual({ status: 'failed', detail: 'Internal server error' });
    actor.send({ type: 'link.retry' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(request.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
  });

  it('anything else thrown (not a LinkFailure) can be retried, with its message', async () => {
    const { actor } = startLink([() => Promise.reject(new Error('A cart id is needed to make a cart the current one.'))]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectLinkOutcome(actor.getSnapshot())).toEqual({ status: 'failed', detail: 'A cart id is needed to make a cart the current one.' });
  });
});
