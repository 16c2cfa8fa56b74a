import { useQuery } from '@apollo/client';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { NotFoundPage } from '../shared/not-found-page';
import { PageLoadError, usePageDataEvents } from '../shared/page-load-error';
import { RichContent } from '../shared/rich-content';
import { useDocumentTitle } from '../shared/use-document-title';
import { Breadcrumbs } from './breadcrumbs';
import { menuCategories } from './category-order';
import { categoryPath } from '../../services/catalog/catalog-paths';
import { ancestorCrumbs, GET_CATEGORY } from './category-page.operations';
import styles from './category-page.module.css';
import { CategoryShimmer } from './category-shimmer';
import { CATEGORY_FILTER_CODES } from './listing-preload';
import { ProductListing } from './product-listing';

/** Category page (spec §2): title, breadcrumbs, subcategories, then the filtered, sorted, paged listing. */
export function CategoryPage({ uid }: { uid: string }) {
  const intl = useIntl();
  const pageData = usePageDataEvents();
  const { data, loading, error } = useQuery(GET_CATEGORY, { variables: { uid }, onError: pageData.failed });
  const category = data?.categories?.items?.[0] ?? null;
  useDocumentTitle(category?.name, category?.meta_title);
  const baseFilter = useMemo(() => ({ category_uid: { eq: uid } }), [uid]);

  if (!category && loading) return <CategoryShimmer />;
  if (!category && error) {
    return <PageLoadError error={error} onRetry={pageData.retry} />;
  }
  if (!category) return <NotFoundPage />;

  const children = menuCategories(category.children);

  return (
    <ProductListing
      title={category.name ?? ''}
      breadcrumbs={<Breadcrumbs trail={ancestorCrumbs(category)} current={category.name ?? ''} />}
      intro={
        <>
          {category.description ? <RichContent className={styles.description} html={category.description} /> : null}
          {children.length ? (
            <nav aria-label={intl.formatMessage({ id: 'catalog.subcategories', defaultMessage: 'In {category}' }, { category: category.name })}>
              <ul className={styles.children}>
                {children.map((c) => (
                  <li key={c.uid}>
                    <Link to={categoryPath(c)} className={styles.child}>
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </>
      }
      baseFilter={baseFilter}
      filterCodes={CATEGORY_FILTER_CODES}
      emptyMessage={<FormattedMessage id="catalog.empty" defaultMessage="There are no frames in this category yet." />}
    />
  );
}
