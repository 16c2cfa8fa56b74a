import { lazy, Suspense, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate } from 'react-router-dom';
import { CategoryShimmer } from '../catalog/category-shimmer';
import { errorMessages } from '../shared/error-messages';
import { NotFoundPage } from './not-found-page';
import { PageLoading } from './page-loading';
import type { RedirectTarget, RouteResolution } from './route-resolution';

const CategoryPage = lazy(async () => ({ default: (await import('../catalog/category-page')).CategoryPage }));
const ProductPage = lazy(async () => ({ default: (await import('../product/product-page')).ProductPage }));
const CmsPage = lazy(async () => ({ default: (await import('../cms/cms-page')).CmsPage }));

/** Renders a route resolution (spec §2): the page, the category shimmer, a redirect, not found or the generic error. */
export function RoutedPage({ resolution, search = '' }: { resolution: RouteResolution; search?: string }) {
  switch (resolution.kind) {
    case 'loading':
      return <CategoryShimmer />;
    case 'error':
      return <RouteError />;
    case 'notFound':
      return <NotFoundPage />;
    case 'redirect':
      return <Redirect target={resolution.target} search={search} />;
    case 'category':
      return (
        <Suspense fallback={<CategoryShimmer />}>
          <CategoryPage uid={resolution.uid} />
        </Suspense>
      );
    case 'product':
      return (
        <Suspense fallback={<PageLoading />}>
          <ProductPage urlKey={resolution.urlKey} />
        </Suspense>
      );
    case 'cms':
      return (
        <Suspense fallback={<PageLoading />}>
          <CmsPage identifier={resolution.identifier} />
        </Suspense>
      );
  }
}

function RouteError() {
  const intl = useIntl();
  return (
    <section role="alert">
      <h1 tabIndex={-1}>{intl.formatMessage(errorMessages.generic)}</h1>
    </section>
  );
}

function Redirect({ target, search }: { target: RedirectTarget; search: string }) {
  const sameHost = target.kind === 'sameHost' ? target.href : null;
  useEffect(() => {
    if (sameHost) window.location.replace(sameHost);
  }, [sameHost]);
  if (target.kind === 'internal') return <Navigate to={`${target.path}${search}`} replace />;
  if (target.kind === 'sameHost') return <PageLoading />;
  return (
    <section>
      <h1 tabIndex={-1}>
        <FormattedMessage id="route.movedTitle" defaultMessage="This page has moved" />
      </h1>
      <p>
        <FormattedMessage
          id="route.movedElsewhere"
          defaultMessage="It now lives on another website: {link}"
          values={{
            link: (
              <a href={target.href} rel="noopener noreferrer">
                {target.href}
              </a>
            ),
          }}
        />
      </p>
    </section>
  );
}
