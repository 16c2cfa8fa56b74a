import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styles from './pagination.module.css';

/** Pages to offer around the current one: the first, the last, and two either side, gaps as null. */
export function pageWindow(current: number, total: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let n = 1; n <= total; n += 1) {
    if (n === 1 || n === total || Math.abs(n - current) <= 1 || (current <= 3 && n <= 4) || (current >= total - 2 && n >= total - 3)) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

/** Pagination (spec §2): links, so each page has its URL (`?page=2`). */
export function Pagination({ current, total, hrefOf }: { current: number; total: number; hrefOf: (page: number) => string }) {
  const intl = useIntl();
  if (total <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={intl.formatMessage({ id: 'catalog.pagination.label', defaultMessage: 'Pages' })}>
      {current > 1 ? (
        <Link className={styles.step} to={hrefOf(current - 1)} rel="prev">
          <FormattedMessage id="catalog.pagination.previous" defaultMessage="Previous" />
        </Link>
      ) : null}
      <ol className={styles.pages}>
        {pageWindow(current, total).map((page, i) =>
          page === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className={styles.gap}>
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                className={page === current ? styles.current : styles.page}
                to={hrefOf(page)}
                aria-current={page === current ? 'page' : undefined}
                aria-label={intl.formatMessage({ id: 'catalog.pagination.page', defaultMessage: 'Page {page}' }, { page })}
              >
                {page}
              </Link>
            </li>
          ),
        )}
      </ol>
      {current < total ? (
        <Link className={styles.step} to={hrefOf(current + 1)} rel="next">
          <FormattedMessage id="catalog.pagination.next" defaultMessage="Next" />
        </Link>
      ) : null}
    </nav>
  );
}
