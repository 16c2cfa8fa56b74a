// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { pageHostMachine, type LoadedPage, type PageRequest } from '../../machines/app/page-host.machine';
import { linkRequestMachine, selectLinkOutcome, type LinkRequestActor, type LinkRequestOutput } from '../../machines/link-request/link-request.machine';
import { usePageActor } from './page-actors';
import { ShopActorsProvider, type ShopActors } from './shop-actors';

afterEach(cleanup);

function Outcome({ actor }: { actor: LinkRequestActor }) {
  return <p>{useSelector(actor, selectLinkOutcome).status}</p>;
}

function UnsubscribePage({ id }: { id: number }) {
  const actor = usePageActor('alertUnsubscription', { id });
  return actor ? <Outcome actor={actor} /> : <p>loading</p>;
}

/** The shop's page host with a registry whose link request is `request`, handed out as the shop does (already loaded). */
function shopWith(request: () => Promise<LinkRequestOutput>) {
  const host = createActor(
    pageHostMachine.provide({
      actors: {
        loadPage: fromPromise<LoadedPage, PageRequest>(async () => ({
          logic: linkRequestMachine.provide({ actors: { request: fromPromise(request) } }),
          input: {},
        })),
      },
    }),
  ).start();
  const loaded = Object.assign(Promise.resolve(host), { status: 'fulfilled', value: host });
  const actors = { loadPages: () => loaded } as unknown as ShopActors;
  const page = (id: number) => (
    <StrictMode>
      <ShopActorsProvider actors={actors}>
        <MemoryRouter initialEntries={[`/unsubscribe/${id}`]}>
          <UnsubscribePage id={id} />
        </MemoryRouter>
      </ShopActorsProvider>
    </StrictMode>
  );
  return { host, page };
}

describe('usePageActor (ADR 009: a link acts once per page load)', () => {
  it('spec §2 unsubscribe link: under StrictMode, and opened again after its route was left, the link’s request runs once and its answer shows', async () => {
    let answer: (output: LinkRequestOutput) => void = () => undefined;
    const request = vi.fn(() => new Promise<LinkRequestOutput>((resolve) => (answer = resolve)));
    const { host, page } = shopWith(request);
    const view = render(page(12));
    expect(await screen.findByText('requesting')).toBeTruthy();
    await act(async () => answer({ at: 1, answer: { productName: 'Juno Aviator', productPath: null } }));
    expect(screen.getByText('done')).toBeTruthy();

    view.unmount();
    act(() => host.send({ type: 'pages.route.entered', pathname: '/cart' }));
    render(page(12));
    expect(screen.getByText('done')).toBeTruthy();
    expect(request).toHaveBeenCalledTimes(1);
  });
});
