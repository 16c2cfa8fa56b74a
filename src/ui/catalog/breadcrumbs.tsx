import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styles from './breadcrumbs.module.css';

export interface Crumb {
  label: string;
  to: string;
}

/** Breadcrumbs (spec §2 category page): Home, the ancestors, then the current page (not a link). */
export function Breadcrumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage({ id: 'catalog.breadcrumbs', defaultMessage: 'Breadcrumb' })} className={styles.breadcrumbs}>
      <ol>
        <li>
          <Link to="/">{intl.formatMessage({ id: 'catalog.breadcrumbs.home', defaultMessage: 'Home' })}</Link>
        </li>
        {trail.map((c) => (
          <li key={c.to}>
            <Link to={c.to}>{c.label}</Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  );
}
