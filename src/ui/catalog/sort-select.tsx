import { useId } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { SortChoice, SortDirection, SortField } from './listing-params';
import styles from './sort-select.module.css';

const sortLabels = defineMessages({
  relevance_DESC: { id: 'catalog.sort.relevance', defaultMessage: 'Best match' },
  position_ASC: { id: 'catalog.sort.position', defaultMessage: 'Featured' },
  name_ASC: { id: 'catalog.sort.nameAsc', defaultMessage: 'Name: A to Z' },
  name_DESC: { id: 'catalog.sort.nameDesc', defaultMessage: 'Name: Z to A' },
  price_ASC: { id: 'catalog.sort.priceAsc', defaultMessage: 'Price: low to high' },
  price_DESC: { id: 'catalog.sort.priceDesc', defaultMessage: 'Price: high to low' },
});
type SortKey = keyof typeof sortLabels;

const CATEGORY_SORTS: SortKey[] = ['position_ASC', 'name_ASC', 'name_DESC', 'price_ASC', 'price_DESC'];
const SEARCH_SORTS: SortKey[] = ['relevance_DESC', ...CATEGORY_SORTS];

/** Sort-by menu (spec §2, §9 "sort menu minimum width 10rem"): a native select, the most usable menu on phones. */
export function SortSelect({
  sort,
  onChange,
  forSearch = false,
  className,
}: {
  sort: SortChoice | null;
  onChange: (sort: SortChoice | null) => void;
  forSearch?: boolean;
  className?: string;
}) {
  const intl = useIntl();
  const id = useId();
  const keys = forSearch ? SEARCH_SORTS : CATEGORY_SORTS;
  const defaultKey = keys[0] as SortKey;
  const current = sort ? (`${sort.field}_${sort.direction}` as SortKey) : defaultKey;
  return (
    <div className={[styles.sort, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        <FormattedMessage id="catalog.sort.label" defaultMessage="Sort by" />
      </label>
      <select
        id={id}
        className={styles.select}
        value={keys.includes(current) ? current : defaultKey}
        onChange={(e) => {
          const key = e.target.value as SortKey;
          const [field, direction] = key.split('_') as [SortField, SortDirection];
          onChange(key === defaultKey ? null : { field, direction });
        }}
      >
        {keys.map((key) => (
          <option key={key} value={key}>
            {intl.formatMessage(sortLabels[key])}
          </option>
        ))}
      </select>
    </div>
  );
}
