import { useQuery } from '@apollo/client';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { menuCategories } from '../catalog';
import { categoryPath } from '../../services/catalog/catalog-paths';
import { errorMessages } from '../shared/error-messages';
import { IconChevron } from '../shared/icons';
import { ModalDrawer } from '../shared/modal-drawer';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import styles from './navigation-drawer.module.css';
import { GET_NAVIGATION, type NavigationCategory } from './navigation-drawer.operations';

/** The side drawer of spec §2 holding the category tree. */
export function NavigationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const { data, loading, error } = useQuery(GET_NAVIGATION);
  const categories = menuCategories(data?.categories?.items?.[0]?.children);
  return (
    <ModalDrawer open={open} onClose={onClose} title={<FormattedMessage id="nav.title" defaultMessage="Shop by category" />}>
      {loading && !categories.length ? (
        <LoadingRegion label={intl.formatMessage({ id: 'nav.loading', defaultMessage: 'Loading the categories…' })}>
          <div className={styles.shimmer}>
            {[0, 1, 2, 3, 4].map((i) => (
              <Shimmer key={i} height={1.5} width={10} />
            ))}
          </div>
        </LoadingRegion>
      ) : error && !categories.length ? (
        <p role="alert">{intl.formatMessage(errorMessages.generic)}</p>
      ) : (
        <nav aria-label={intl.formatMessage({ id: 'nav.label', defaultMessage: 'Categories' })}>
          <ul className={styles.tree}>
            {categories.map((c) => (
              <CategoryItem key={c.uid} category={c} onNavigate={onClose} />
            ))}
          </ul>
        </nav>
      )}
    </ModalDrawer>
  );
}

function CategoryItem({ category, onNavigate }: { category: NavigationCategory; onNavigate: () => void }) {
  const intl = useIntl();
  const children = menuCategories(category.children);
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const link = (
    <NavLink to={categoryPath(category)} className={styles.link} onClick={onNavigate}>
      {category.name}
    </NavLink>
  );
  if (!children.length) return <li>{link}</li>;
  return (
    <li>
      <div className={styles.row}>
        {link}
        <button
          type="button"
          className={styles.expand}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-label={intl.formatMessage({ id: 'nav.expand', defaultMessage: 'Show categories in {name}' }, { name: category.name })}
          onClick={() => setExpanded(!expanded)}
        >
          <span className={expanded ? styles.open : styles.closed}>
            <IconChevron />
          </span>
        </button>
      </div>
      <ul id={listId} className={styles.children} hidden={!expanded}>
        {children.map((c) => (
          <li key={c.uid}>
            <NavLink to={categoryPath(c)} className={styles.link} onClick={onNavigate}>
              {c.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
