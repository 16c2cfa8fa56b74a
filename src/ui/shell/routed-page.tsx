import { useSelector } from '@xstate/react';
import { lazy, Suspense, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate } from 'react-router-dom';
import { selectFailedForConnection } from '../../machines/route/route-offline';
import { selectPageAttempt, selectRedirectTo, selectResolvedPage, selectRouteStatus, selectShowsCategoryShimmer } from '../../machines/route/route.machine';
import { CategoryShimmer } from '../catalog';
import { errorMessages } from '../shared/error-messages';
import { PageHeading } from '../shared/page-heading';
import { NotFoundPage } from '../shared/not-found-page';
import { PageUnreachable } from '../shared/page-unreachable';
import { PageLoading } from './page-loading';
import { useShopActors } from '../app/shop-actors';

const CategoryPage = lazy(async () => ({ default: (await import('../catalog/category-page')).CategoryPage }));
const ProductPage = lazy(async () => ({ default: (await import('../product/product-page')).ProductPage }));
const CmsPage = lazy(async () => ({ default: (await import('../cms/cms-page')).CmsPage }));

/**
 * Renders what the route machine says about `pathname` (spec §2 "Route resolution outcomes"): the
 * page, the category shimmer while it resolves, an in-app redirect (through the router), the notice
 * of a browser redirect (the machine performs it), not found or the generic error (spec §8). It
 * decides nothing: until the machine has resolved exactly this pathname, it shows the loading state.
 */
export function RoutedPage({ pathname, search = '' }: { pathname: string; search?: string }) {
  const { route } = useShopActors();
  const status = useSelector(
    route,
    useMemo(() => selectRouteStatus(pathname), [pathname]),
  );
  const page = useSelector(route, selectResolvedPage);
  const redirectTo = useSelector(route, selectRedirectTo);
  const categoryShimmer = useSelector(route, selectShowsCategoryShimmer);
  // The page rendered anew reads its data again (ADR 007: the route machine shows it again once the shop answers).
  const attempt = useSelector(route, selectPageAttempt);
  switch (status) {
    case 'loading':
      // The page-loading indicator (app shell) shows meanwhile; a category (or unknown) page also gets its shimmer.
      return categoryShimmer ? <CategoryShimmer /> : null;
    case 'error':
      return <RouteError />;
    case 'notFound':
      return <NotFoundPage />;
    case 'redirect':
      return redirectTo ? <Navigate to={`${redirectTo}${search}`} replace /> : <RouteError />;
    case 'browserRedirect':
      return redirectTo ? <BrowserRedirectNotice url={redirectTo} /> : <RouteError />;
    case 'loaded':
      if (!page) return <RouteError />;
      switch (page.type) {
        case 'CATEGORY':
          return (
            <Suspense fallback={<CategoryShimmer />}>
              <CategoryPage key={attempt} uid={page.uid} />
            </Suspense>
          );
        case 'PRODUCT':
          return (
            <Suspense fallback={<PageLoading />}>
              <ProductPage key={attempt} urlKey={page.urlKey} />
            </Suspense>
          );
        case 'CMS_PAGE':
          return (
            <Suspense fallback={<PageLoading />}>
              <CmsPage identifier={page.identifier} />
            </Suspense>
          );
      }
  }
}

/**
 * Spec §8 "Generic": the route query failed, or its redirect goes somewhere the shop does not send
 * anyone. A failure for want of a connection says so instead (ADR 007): the route machine asks again on its own.
 */
function RouteError() {
  const intl = useIntl();
  const { route } = useShopActors();
  const offline = useSelector(route, selectFailedForConnection);
  if (offline) {
    return (
      <PageUnreachable>
        <p>
          <FormattedMessage id="error.offlinePageBack" defaultMessage="It will show as soon as the connection is back." />
        </p>
      </PageUnreachable>
    );
  }
  return (
    <section role="alert">
      <PageHeading>{intl.formatMessage(errorMessages.generic)}</PageHeading>
    </section>
  );
}

/** Spec §2: a full browser redirect (to one of the shop's own hosts) is under way; the link is for a browser that does not follow. */
function BrowserRedirectNotice({ url }: { url: string }) {
  return (
    <section>
      <PageLoading />
      <PageHeading>
        <FormattedMessage id="route.redirecting" defaultMessage="This page has moved: taking you to its new address…" />
      </PageHeading>
      <p>
        <a href={url}>
          <FormattedMessage id="route.redirectLink" defaultMessage="Continue to {url}" values={{ url }} />
        </a>
      </p>
    </section>
  );
}
