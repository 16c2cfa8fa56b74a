import { useQuery } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useShopActors } from '../app/shop-actors';
import { Button } from '../shared/button';
import { errorMessages } from '../shared/error-messages';
import { IconClose, IconFilter } from '../shared/icons';
import { ModalDrawer } from '../shared/modal-drawer';
import { PageHeading } from '../shared/page-heading';
import { Shimmer } from '../shared/skeleton';
import { SidebarShimmer } from './category-shimmer';
import { filterTitleOf, rangeLabel } from './filter-messages';
import { FilterPanel, filterGroupsOf, type FilterGroup } from './filter-panel';
import { GalleryShimmer } from './gallery-shimmer';
import {
  activeFilterCount,
  clearFilters,
  FILTER_KINDS,
  PAGE_SIZE,
  productFilterInput,
  productSortInput,
  toggleFilter,
  withPage,
  withSort,
  type FilterCode,
  type ListingParams,
  type ProductFilterInput,
} from './listing-params';
import { Pagination } from './pagination';
import { ProductGallery } from './product-gallery';
import styles from './product-listing.module.css';
import { GET_PRODUCT_FILTERS, GET_PRODUCT_LISTING, type ListingProduct } from './product-listing.operations';
import { SortSelect } from './sort-select';
import { useListingParams } from './use-listing-params';

export interface ProductListingProps {
  /** The h1; null while it loads. */
  title: string | null;
  breadcrumbs?: ReactNode;
  intro?: ReactNode;
  /** A full-text search (search page); absent on category pages. */
  search?: string | null;
  /** The page's own filter (its category). */
  baseFilter: ProductFilterInput;
  filterCodes: readonly FilterCode[];
  /** Said when nothing matches and no filter is set; given the backend's "did you mean" suggestions. */
  emptyMessage: ReactNode | ((suggestions: string[]) => ReactNode);
  /** The heading gets focus after navigation when this changes (default: the path). */
  focusKey?: string;
}

/**
 * Category page body of spec §2, shared with the search page: heading with header buttons (filters
 * on small screens, sort), sidebar filters on large screens, gallery, pagination, shimmer, empty
 * and error states. Filters, sort and page live in the URL.
 */
export function ProductListing({ title, breadcrumbs, intro, search = null, baseFilter, filterCodes, emptyMessage, focusKey }: ProductListingProps) {
  const intl = useIntl();
  const { params, update, hrefOf } = useListingParams(filterCodes);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { storeView } = useShopActors();
  const storeCurrency = useSelector(storeView, (s) => s.context.currency);

  const listing = useQuery(GET_PRODUCT_LISTING, {
    variables: { search, filter: productFilterInput(params, baseFilter), sort: productSortInput(params.sort), pageSize: PAGE_SIZE, currentPage: params.page },
    notifyOnNetworkStatusChange: true,
  });
  const filters = useQuery(GET_PRODUCT_FILTERS, { variables: { search, filter: baseFilter } });

  const shown = listing.data ?? listing.previousData;
  const products = shown?.products;
  const items = (products?.items ?? []).filter((p): p is ListingProduct => p !== null);
  const total = products?.total_count ?? 0;
  const totalPages = products?.page_info?.total_pages ?? 0;
  const currency = items[0]?.price_range.minimum_price.final_price.currency ?? storeCurrency;
  const groups = filterGroupsOf(filters.data?.products?.aggregations, filterCodes);
  const onToggle = (code: FilterCode, value: string) => update(toggleFilter(params, code, value));
  const onClear = () => update(clearFilters(params));
  const onSort = (sort: ListingParams['sort']) => update(withSort(params, sort));
  /** The filters, the same in the sidebar (large screens) and in the drawer (small ones). */
  const filterPanelProps = { groups, params, currency, onToggle, onClear };
  const firstLoad = !shown && listing.loading;
  const failed = Boolean(listing.error) && !listing.loading;
  const countText = intl.formatMessage(
    { id: 'catalog.count', defaultMessage: '{count, plural, =0 {No frames} one {# frame} other {# frames}}' },
    { count: total },
  );

  return (
    <div className={styles.page}>
      {breadcrumbs}
      <div className={styles.heading}>
        {title === null ? (
          <Shimmer width={14} height={2.25} />
        ) : (
          <PageHeading className={styles.title} focusKey={focusKey}>
            {title}
          </PageHeading>
        )}
        {/* spec §2: header buttons (filter-open, sort-by) on small screens; the sidebar has them on large ones */}
        <div className={`${styles.headerButtons} ${styles.smallOnly}`}>
          <Button onClick={() => setFiltersOpen(true)} disabled={!groups.length} aria-haspopup="dialog">
            <IconFilter />
            <FormattedMessage id="catalog.filters.open" defaultMessage="Filters" />
            {activeFilterCount(params) ? <span>({activeFilterCount(params)})</span> : null}
          </Button>
          <SortSelect sort={params.sort} onChange={onSort} forSearch={search !== null} />
        </div>
      </div>
      {intro}
      <div className={styles.layout}>
        <aside className={styles.sidebar} aria-label={intl.formatMessage({ id: 'catalog.filters.title', defaultMessage: 'Filters' })}>
          {filters.loading && !groups.length ? (
            <SidebarShimmer />
          ) : (
            <FilterPanel
              {...filterPanelProps}
              flowsWithPage
              footer={
                <>
                  <SortSelect sort={params.sort} onChange={onSort} forSearch={search !== null} />
                  <p className={styles.sidebarCount}>{countText}</p>
                </>
              }
            />
          )}
        </aside>
        <div className={styles.content} aria-busy={listing.loading}>
          <p className={styles.count} role="status">
            {firstLoad ? null : countText}
          </p>
          <ActiveFilters groups={groups} params={params} currency={currency} onToggle={onToggle} />
          {firstLoad ? (
            <GalleryShimmer />
          ) : failed ? (
            <div role="alert" className={styles.message}>
              <p>{intl.formatMessage(errorMessages.generic)}</p>
              {params.page > 1 ? (
                <Link to={hrefOf(withPage(params, 1))}>
                  <FormattedMessage id="catalog.firstPage" defaultMessage="Go to the first page" />
                </Link>
              ) : (
                <Button onClick={() => void listing.refetch()}>
                  <FormattedMessage id="catalog.retry" defaultMessage="Try again" />
                </Button>
              )}
            </div>
          ) : items.length === 0 ? (
            <div className={styles.message}>
              {activeFilterCount(params) ? (
                <>
                  <p>
                    <FormattedMessage id="catalog.empty.filtered" defaultMessage="No frames match these filters." />
                  </p>
                  <Button onClick={onClear}>
                    <FormattedMessage id="catalog.filters.clearAll" defaultMessage="Clear all" />
                  </Button>
                </>
              ) : typeof emptyMessage === 'function' ? (
                emptyMessage((products?.suggestions ?? []).flatMap((s) => (s?.search ? [s.search] : [])))
              ) : (
                emptyMessage
              )}
            </div>
          ) : (
            <div className={listing.loading ? styles.refreshing : undefined}>
              <ProductGallery items={items} />
            </div>
          )}
          {!failed ? <Pagination current={params.page} total={totalPages} hrefOf={(page) => hrefOf(withPage(params, page))} /> : null}
        </div>
      </div>
      <ModalDrawer open={filtersOpen} onClose={() => setFiltersOpen(false)} title={<FormattedMessage id="catalog.filters.title" defaultMessage="Filters" />}>
        <FilterPanel
          {...filterPanelProps}
          showHeader={false}
          footer={
            <Button priority="high" onClick={() => setFiltersOpen(false)} className={styles.showResults}>
              <FormattedMessage
                id="catalog.filters.showResults"
                defaultMessage="Show {count, plural, =0 {no frames} one {# frame} other {# frames}}"
                values={{ count: total }}
              />
            </Button>
          }
        />
      </ModalDrawer>
    </div>
  );
}

/** The filters in use, each removable in one click. */
function ActiveFilters({
  groups,
  params,
  currency,
  onToggle,
}: {
  groups: FilterGroup[];
  params: ListingParams;
  currency: string | null;
  onToggle: (code: FilterCode, value: string) => void;
}) {
  const intl = useIntl();
  const chips = (Object.entries(params.filters) as [FilterCode, string[]][]).flatMap(([code, values]) =>
    values.map((value) => {
      const group = groups.find((g) => g.code === code);
      const option = group?.options.find((o) => o.value === value);
      const label = FILTER_KINDS[code] === 'range' ? rangeLabel(intl, code, value, currency) : (option?.label ?? value);
      return { code, value, label: `${filterTitleOf(intl, code, group?.label)}: ${label}` };
    }),
  );
  if (!chips.length) return null;
  return (
    <ul className={styles.chips} aria-label={intl.formatMessage({ id: 'catalog.filters.active', defaultMessage: 'Filters in use' })}>
      {chips.map((chip) => (
        <li key={`${chip.code}-${chip.value}`}>
          <button
            type="button"
            className={styles.chip}
            onClick={() => onToggle(chip.code, chip.value)}
            aria-label={intl.formatMessage({ id: 'catalog.filters.remove', defaultMessage: 'Remove filter {filter}' }, { filter: chip.label })}
          >
            {chip.label}
            <IconClose />
          </button>
        </li>
      ))}
    </ul>
  );
}
