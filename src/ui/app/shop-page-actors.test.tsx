// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, createMachine, fromPromise, setup, type AnyActorRef } from 'xstate';
import { appMachine } from '../../machines/app/app.machine';
import { linkRequestMachine, selectLinkOutcome, type LinkRequestOutput } from '../../machines/link-request/link-request.machine';
import { ShopActorsProvider, type ShopActors } from './shop-actors';
import { useLinkActor, useShopPageActor } from './shop-page-actors';

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

/** The link page of a key, under StrictMode in one shop, its request answered by `request`. */
function linkPages(request: () => Promise<LinkRequestOutput>) {
  const machine = linkRequestMachine.provide({ actors: { request: fromPromise(request) } });
  const actors = shop();
  return (key: string) => (
    <StrictMode>
      <ShopActorsProvider actors={actors}>
        <LinkPage linkKey={key} machine={machine} />
      </ShopActorsProvider>
    </StrictMode>
  );
}

describe('useLinkActor (ADR 009: a link acts once)', () => {
  it('spec §2 unsubscribe link: under StrictMode, re-rendered and opened again, the link’s request runs once', async () => {
    let settle: (output: LinkRequestOutput) => void = () => undefined;
    const request = vi.fn(() => new Promise<LinkRequestOutput>((resolve) => (settle = resolve)));
    const page = linkPages(request);
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
    const page = linkPages(request);
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

describe('useShopPageActor (ADR 009: a page machine in the shop system)', () => {
  const counter = setup({ types: { context: {} as { bumps: number }, events: {} as { type: 'bump' } } }).createMachine({
    id: 'pageStandIn',
    context: { bumps: 0 },
    on: { bump: { actions: assign({ bumps: ({ context }) => context.bumps + 1 }) } },
  });
  const seen = new Set<AnyActorRef>();

  function Page() {
    const actor = useShopPageActor(counter, {} as never);
    seen.add(actor);
    const bumps = useSelector(actor, (snapshot) => snapshot.context.bumps);
    return <button onClick={() => actor.send({ type: 'bump' })}>bumped {bumps}</button>;
  }

  it('under StrictMode keeps one running actor; when the page goes the app stops it, without the throw of stopping a child directly', () => {
    vi.useFakeTimers();
    try {
      const app = createActor(appMachine, { input: { isOnline: true } }).start();
      const view = render(
        <StrictMode>
          <ShopActorsProvider actors={{ app } as unknown as ShopActors}>
            <Page />
          </ShopActorsProvider>
        </StrictMode>,
      );
      act(() => vi.runOnlyPendingTimers());
      expect(seen.size).toBe(1);
      const [actor] = [...seen];
      expect(actor!.getSnapshot().status).toBe('active');
      act(() => screen.getByRole('button').click());
      expect(screen.getByRole('button').textContent).toBe('bumped 1');

      view.unmount();
      act(() => vi.runOnlyPendingTimers());
      expect(actor!.getSnapshot().status).toBe('stopped');
      expect(app.getSnapshot().status).toBe('active');
    } finally {
      vi.useRealTimers();
    }
  });
});
