import { FormattedMessage } from 'react-intl';
import styles from './page-loading.module.css';

/** The page-loading indicator (spec §2): a bar along the top of the page while a page's code or data loads. */
export function PageLoading() {
  return (
    <div role="status" aria-live="polite" className={styles.loading}>
      <span className={styles.bar} aria-hidden="true" />
      <span className="visually-hidden">
        <FormattedMessage id="shell.pageLoading" defaultMessage="Loading…" />
      </span>
    </div>
  );
}
