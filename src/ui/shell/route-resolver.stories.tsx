import preview from '../../../.storybook/preview';
import { useSelector } from '@xstate/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { selectPageAttempt } from '../../machines/route/route.machine';
import { useShopActors } from '../app/shop-actors';
import { PageLoadError, usePageDataEvents } from '../shared/page-load-error';
import { RouteResolver } from './route-resolver';
import { RoutedPage } from './routed-page';
import { slow } from '../shared/story-fixtures';

/** Where the router is: shows that an in-app redirect went through the router. */
function CurrentPath() {
  const { pathname } = useLocation();
  return (
    <p>
      Router at <code data-current-path>{pathname}</code>
    </p>
  );
}

/**
 * spec §2 Fallback: URLs outside the route table, through the real views. Each story puts the route
 * machine in one state (parameters.shop.machines.route) and renders the router-level view, which
 * sends `route.resolve` for the story's URL and shows what the machine says. Effects never settle
 * in a story: the machine stays in the state the story gives it.
 */
const meta = preview.meta({
  title: 'App/Route fallback',
  component: RouteResolver,
  render: () => (
    <main style={{ padding: '1rem' }}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <RouteResolver />
              <CurrentPath />
            </>
          }
        />
      </Routes>
    </main>
  ),
});

const heading = (canvasElement: HTMLElement, name: string | RegExp) => within(canvasElement).findByRole('heading', { level: 1, name }, slow);
const routeState = (value: string | Record<string, string>, context: Record<string, unknown>) => ({ machines: { route: { value, context } } });
const currentPath = (canvasElement: HTMLElement) => canvasElement.querySelector('[data-current-path]')?.textContent;

/** spec §2: before the machine has been told anything, the page shows the loading shimmer (no route is guessed). */
export const Idle = meta.story({
  parameters: { shop: { route: '/eyeglasses.html', machines: { route: {} } } },
  render: () => <RoutedPage pathname="/eyeglasses.html" />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the products…');
  },
});

/** spec §2: the category shimmer while the route resolves (the shell's page-loading indicator is on meanwhile). */
export const Loading = meta.story({
  parameters: { shop: { route: '/eyeglasses.html', machines: { route: { events: [{ type: 'route.resolve', pathname: '/eyeglasses.html' }] } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the products…');
    await expect(canvasElement.querySelectorAll('[data-gallery-placeholder]')).toHaveLength(6);
  },
});

export const LoadingOnPhone = meta.story({ ...Loading.input, globals: { viewport: { value: 'phone' } } });

/** spec §2: a CMS link resolving shows no category shimmer (only the page-loading indicator). */
export const LoadingACmsPage = meta.story({
  parameters: { shop: { route: '/about-us', machines: { route: { events: [{ type: 'route.resolve', pathname: '/about-us', pendingType: 'CMS_PAGE' }] } } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
    await expect(currentPath(canvasElement)).toBe('/about-us');
  },
});

export const Category = meta.story({
  parameters: { shop: { route: '/eyeglasses.html', ...routeState('loaded', { pathname: '/eyeglasses.html', page: { type: 'CATEGORY', uid: 'Mw==' } }) } },
  play: async ({ canvasElement }) => {
    await expect(await heading(canvasElement, 'Eyeglasses')).toBeVisible();
  },
});

export const Product = meta.story({
  parameters: {
    shop: {
      route: '/aurora-cat-eye.html',
      ...routeState('loaded', { pathname: '/aurora-cat-eye.html', page: { type: 'PRODUCT', urlKey: 'aurora-cat-eye', uid: null } }),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await heading(canvasElement, 'Aurora Cat-Eye')).toBeVisible();
  },
});

export const CmsPage = meta.story({
  parameters: {
    shop: {
      route: '/shipping-returns',
      ...routeState('loaded', { pathname: '/shipping-returns', page: { type: 'CMS_PAGE', identifier: 'shipping-returns' } }),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await heading(canvasElement, 'Shipping and returns')).toBeVisible();
  },
});

/** spec §2: redirect_code 301 to a relative_url: the router moves to it, and the machine resolves the new path. */
export const PermanentRedirect = meta.story({
  parameters: { shop: { route: '/glasses.html', ...routeState('redirect', { pathname: '/glasses.html', redirectTo: '/eyeglasses.html' }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(currentPath(canvasElement)).toBe('/eyeglasses.html'), slow);
    // The new path resolves (in a story it never settles): the category shimmer shows.
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading the products…');
  },
});

/** spec §2: a relative_url starting with http, on one of the shop's hosts: the machine sends the browser there. */
export const BrowserRedirect = meta.story({
  parameters: { shop: { route: '/fr-store', ...routeState('browserRedirect', { pathname: '/fr-store', redirectTo: 'http://localhost/fr/' }) } },
  play: async ({ canvasElement }) => {
    await expect(await heading(canvasElement, 'This page has moved: taking you to its new address…')).toBeVisible();
    await expect(await within(canvasElement).findByRole('link', { name: 'Continue to http://localhost/fr/' })).toHaveAttribute('href', 'http://localhost/fr/');
  },
});

/** spec §8 "Page not found". */
export const NotFound = meta.story({
  parameters: { shop: { route: '/no-such-page.html', ...routeState('notFound', { pathname: '/no-such-page.html' }) } },
  play: async ({ canvasElement }) => {
    await expect(await heading(canvasElement, "Looks like the page you were hoping to find doesn't exist. Sorry about that.")).toBeVisible();
  },
});

export const NotFoundInFrench = meta.story({
  parameters: { shop: { route: '/no-such-page.html', storeCode: 'fr', locale: 'fr-FR', ...routeState('notFound', { pathname: '/no-such-page.html' }) } },
  play: async ({ canvasElement }) => {
    await expect(await heading(canvasElement, 'La page que vous espériez trouver n’existe pas. Désolés.')).toBeVisible();
  },
});

/**
 * spec §8 "Generic" when the route query fails. Rendered by the routed page alone: the resolver, on
 * mounting, asks again for a pathname that failed (a retry), which a story never answers.
 */
export const Failed = meta.story({
  tags: ['shows-error'],
  render: () => <RoutedPage pathname="/eyeglasses.html" />,
  parameters: { shop: { route: '/eyeglasses.html', ...routeState('error', { pathname: '/eyeglasses.html', error: new Error('Failed to fetch') }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Something went wrong. Sorry about that.');
  },
});

/**
 * spec §2 Fallback while offline, ADR 007: a page that failed for want of a connection is asked
 * again on its own (`retrying`); meanwhile it says so, never "Something went wrong".
 */
export const RetryingOffline = meta.story({
  tags: ['shows-error'],
  render: () => <RoutedPage pathname="/eyeglasses.html" />,
  parameters: { shop: { route: '/eyeglasses.html', ...routeState('retrying', { pathname: '/eyeglasses.html', error: new TypeError('Failed to fetch') }) } },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('This page could not be reached while you are offline.');
    await expect(alert).not.toHaveTextContent('Something went wrong');
  },
});

/**
 * A category page whose own query failed for want of a connection, as the page shows it (its
 * "Try again" goes to the route machine), with how many times the route machine showed it anew.
 */
function CategoryDataFailedOffline() {
  const pageData = usePageDataEvents();
  const attempt = useSelector(useShopActors().route, selectPageAttempt);
  return (
    <>
      <PageLoadError error={new TypeError('Failed to fetch')} onRetry={pageData.retry} />
      <p data-page-attempt>Shown anew {attempt} times</p>
    </>
  );
}

const categoryLoaded = { pathname: '/eyeglasses.html', page: { type: 'CATEGORY', uid: 'Mw==' } };
/** The route machine in a state of `loaded` whose category's own data failed for want of a connection. */
const categoryDataOffline = (state: 'pageOffline' | 'reachingShop') => ({
  tags: ['shows-error'],
  render: () => <CategoryDataFailedOffline />,
  parameters: { shop: { route: '/eyeglasses.html', ...routeState({ loaded: state }, categoryLoaded) } },
});
/** The page's words for want of a connection, never spec §8's generic ones. */
async function saysOffline(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { level: 1, name: 'This page could not be reached while you are offline.' })).toBeVisible();
  await expect(canvas.queryByText('Something went wrong. Sorry about that.')).toBeNull();
  return canvas;
}

/**
 * ADR 007: the category's own data failed for want of a connection; the route machine asks again
 * every 5 s (`loaded.pageOffline`). The page says it is offline, never "Something went wrong", and
 * its "Try again" shows it anew at once (the page reads its data again).
 */
export const PageDataOffline = meta.story({
  ...categoryDataOffline('pageOffline'),
  play: async ({ canvasElement }) => {
    const canvas = await saysOffline(canvasElement);
    await expect(canvas.getByText('Try again once the connection is back.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByText('Shown anew 1 times')).toBeVisible();
  },
});

/** ADR 007: asking whether the shop answers again (`loaded.reachingShop`): the page keeps its offline words meanwhile. */
export const PageDataReachingShop = meta.story({
  ...categoryDataOffline('reachingShop'),
  play: async ({ canvasElement }) => {
    const canvas = await saysOffline(canvasElement);
    await expect(canvas.getByText('Shown anew 0 times')).toBeVisible();
  },
});

/** spec §2: a redirect to a host that is neither the shop's nor allowed is the generic error, never followed. */
export const RedirectToAnotherSite = meta.story({
  tags: ['shows-error'],
  render: () => <RoutedPage pathname="/lens-guide" />,
  parameters: {
    shop: {
      route: '/lens-guide',
      ...routeState('error', {
        pathname: '/lens-guide',
        error: new Error("Refusing to redirect to https://www.lunette-eyewear.example/journal/lens-guide: not one of the shop's hosts"),
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Something went wrong. Sorry about that.');
    await expect(within(canvasElement).queryByRole('link', { name: /lunette-eyewear\.example/ })).toBeNull();
  },
});
