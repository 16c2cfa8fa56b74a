// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { appMachine } from '../machines/app/app.machine';
import { GENERIC_ERROR_MESSAGE } from '../machines/route/route.machine';
import { ShopActorsProvider, type ShopActors } from '../ui/app/shop-actors';
import { lazyPage, PageFailureBoundary } from './lazy-page';

const ignoreMissingTranslations = (error: { code?: string }) => {
  if (error.code !== 'MISSING_TRANSLATION') throw error;
};

const WIZARD_CSS = 'http://shop.example/assets/customise-page-1a2b.css';

function Wizard() {
  return <h1>Choose your lenses</h1>;
}

function renderOfflinePage(load: () => Promise<typeof Wizard>) {
  const app = createActor(appMachine, { input: { isOnline: false }, clock: new SimulatedClock() }).start();
  const Page = lazyPage(load);
  render(
    <ShopActorsProvider actors={{ app } as unknown as ShopActors}>
      <IntlProvider locale="en-CA" onError={ignoreMissingTranslations}>
        <MemoryRouter initialEntries={['/customize/aurora-cat-eye']}>
          <PageFailureBoundary>
            <Suspense fallback={<p>Loading…</p>}>
              <Page />
            </Suspense>
          </PageFailureBoundary>
        </MemoryRouter>
      </IntlProvider>
    </ShopActorsProvider>,
  );
  return { app };
}

afterEach(cleanup);

describe('lazily loaded pages offline (ADR 007)', () => {
  it('spec §8 Generic: a page whose code cannot load offline shows the shop’s words, and loads when the connection is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let offline = true;
    const load = vi.fn(async () => {
      // Vite's preload failure (vite:preloadError left unprevented) rejects the import with these words.
      if (offline) throw new Error(`Unable to preload CSS for ${WIZARD_CSS}`);
      return Wizard;
    });
    const { app } = renderOfflinePage(load);
    expect((await screen.findByRole('alert')).textContent).toBe(GENERIC_ERROR_MESSAGE);
    expect(screen.queryByText('Choose your lenses')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);

    offline = false;
    act(() => app.send({ type: 'app.online' }));
    // The stylesheet Vite will not ask for twice is linked again before the page's code runs.
    const relinked = await vi.waitFor(() => {
      const link = document.head.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${WIZARD_CSS}"]`);
      if (!link) throw new Error('not relinked yet');
      return link;
    });
    act(() => relinked.dispatchEvent(new Event('load')));
    expect((await screen.findByRole('heading')).textContent).toBe('Choose your lenses');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
