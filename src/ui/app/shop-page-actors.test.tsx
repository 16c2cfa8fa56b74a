// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { linkRequestMachine, selectLinkOutcome, type LinkRequestOutput } from '../../machines/link-request/link-request.machine';
import { ShopActorsProvider, type ShopActors } from './shop-actors';
import { useLinkActor } from './shop-page-actors';

afterEach(cleanup);

function LinkPage({ linkKey, machine }: { linkKey: string; machine: typeof linkRequestMachine }) {
  const actor = useLinkActor(linkKey, machine, {});
  const outcome = useSelector(actor, selectLinkOutcome, (a, b) => a.status === b.status);
  return (
    <>
      <p>{outcome.status}</p>
      <button onClick={() => actor.send({ type: 'link.retry' })}>retry</button>
    </>
  );
}

function shop() {
  const app = createActor(createMachine({ id: 'appStandIn' })).start();
  return { app } as unknown as ShopActors;
}

describe('useLinkActor (ADR 009: a link acts once)', () => {
  it('spec §2 unsubscribe link: under StrictMode, re-rendered and opened again, the link’s request runs once', async () => {
    let settle: (output: LinkRequestOutput) => void = () => undefined;
    const request = vi.fn(() => new Promise<LinkRequestOutput>((resolve) => (settle = resolve)));
    const machine = linkRequestMachine.provide({ actors: { request: fromPromise(request) } });
    const actors = shop();
    const page = (key: string) => (
      <StrictMode>
        <ShopActorsProvider actors={actors}>
          <LinkPage linkKey={key} machine={machine} />
        </ShopActorsProvider>
      </StrictMode>
    );
    const view = render(page('unsubscribe:12'));
    view.rerender(page('unsubscribe:12'));
    expect(request).toHaveBeenCalledTimes(1);
    await act(async () => settle({ at: 1, answer: { productName: 'Juno Aviator', productPath: null } }));
    expect(screen.getByText('done')).toBeTruthy();
    // Leaving and coming back to the same link shows its answer without asking again.
    view.unmount();
    render(page('unsubscribe:12'));
    expect(screen.getByText('done')).toBeTruthy();
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('a retry after a failure sends one more request; another link has its own', async () => {
    const request = vi.fn((): Promise<LinkRequestOutput> => Promise.reject({ kind: 'retryable', detail: null }));
    const machine = linkRequestMachine.provide({ actors: { request: fromPromise(request) } });
    const actors = shop();
    const page = (key: string) => (
      <StrictMode>
        <ShopActorsProvider actors={actors}>
          <LinkPage linkKey={key} machine={machine} />
        </ShopActorsProvider>
      </StrictMode>
    );
    const view = render(page('alert:STOCK:LN1005:'));
    expect(await screen.findByText('failed')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'retry' }).click());
    expect(await screen.findByText('failed')).toBeTruthy();
    expect(request).toHaveBeenCalledTimes(2);
    view.rerender(page('alert:PRICE:LN1005:'));
    expect(await screen.findByText('failed')).toBeTruthy();
    expect(request).toHaveBeenCalledTimes(3);
  });
});
