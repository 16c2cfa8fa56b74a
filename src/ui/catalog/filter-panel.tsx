import { Fragment, useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../shared/button';
import { IconChevron } from '../shared/icons';
import { filterTitleOf, rangeLabel } from './filter-messages';
import styles from './filter-panel.module.css';
import { activeFilterCount, FILTER_KINDS, type FilterCode, type ListingParams } from './listing-params';
import type { Aggregation } from './product-listing.operations';

export interface FilterGroup {
  code: FilterCode;
  /** The backend's store-view label of the attribute (the aggregation's `label`). */
  label: string | null;
  /** Each option with how many frames of the listing have it (Magento's aggregation count, before the shopper's filters). */
  options: { label: string; value: string; count: number | null }[];
}

/** The aggregations this listing filters on, in the shop's order, empty groups left out. */
export function filterGroupsOf(aggregations: readonly (Aggregation | null)[] | null | undefined, codes: readonly FilterCode[]): FilterGroup[] {
  return codes.flatMap((code) => {
    const aggregation = aggregations?.find((a) => a?.attribute_code === code);
    const options = (aggregation?.options ?? []).flatMap((o) => (o?.value ? [{ label: o.label ?? o.value, value: o.value, count: o.count ?? null }] : []));
    return options.length ? [{ code, label: aggregation?.label ?? null, options }] : [];
  });
}

export interface FilterPanelProps {
  groups: FilterGroup[];
  params: ListingParams;
  currency: string | null;
  onToggle: (code: FilterCode, value: string) => void;
  onClear: () => void;
  /** The 7rem row under the blocks (spec §9 "filter sidebar grid rows 1fr and 7rem"). */
  footer?: ReactNode;
  /** Inside the modal drawer the drawer already shows the title. */
  showHeader?: boolean;
  /**
   * The page's sidebar: the panel is as tall as its blocks and scrolls with the page,
   * instead of filling a box of its own that scrolls separately (the drawer's panel does that).
   */
  flowsWithPage?: boolean;
}

/**
 * Category page filter area (spec §2): header with title and action (clear all), then the block
 * list; one block per filter, collapsible, with checkboxes (several values) or radios (one range).
 */
export function FilterPanel({ groups, params, currency, onToggle, onClear, footer, showHeader = true, flowsWithPage = false }: FilterPanelProps) {
  const titleId = useId();
  const active = activeFilterCount(params);
  return (
    <section
      className={[footer ? styles.panel : styles.panelOnly, flowsWithPage ? styles.flowing : null].filter(Boolean).join(' ')}
      aria-labelledby={showHeader ? titleId : undefined}
    >
      <div className={styles.body}>
        {/* In the drawer (its own title) with nothing to clear, no header: it left an empty band. */}
        {showHeader || active > 0 ? (
          <div className={styles.header}>
            {showHeader ? (
              <h2 id={titleId} className={styles.title}>
                <FormattedMessage id="catalog.filters.title" defaultMessage="Filters" />
              </h2>
            ) : null}
            {active > 0 ? (
              <Button priority="low" className={styles.clear} onClick={onClear}>
                <FormattedMessage id="catalog.filters.clearAll" defaultMessage="Clear all" />
              </Button>
            ) : null}
          </div>
        ) : null}
        <ul className={styles.blocks}>
          {groups.map((group, index) => (
            <li key={group.code}>
              <FilterBlock
                group={group}
                params={params}
                currency={currency}
                onToggle={onToggle}
                initiallyOpen={index < 4 || Boolean(params.filters[group.code]?.length)}
              />
            </li>
          ))}
        </ul>
      </div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </section>
  );
}

function FilterBlock({
  group,
  params,
  currency,
  onToggle,
  initiallyOpen,
}: {
  group: FilterGroup;
  params: ListingParams;
  currency: string | null;
  onToggle: FilterPanelProps['onToggle'];
  initiallyOpen: boolean;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(initiallyOpen);
  const listId = useId();
  const title = filterTitleOf(intl, group.code, group.label);
  const selected = params.filters[group.code] ?? [];
  const isRange = FILTER_KINDS[group.code] === 'range';
  const labelOf = (o: FilterGroup['options'][number]) => (isRange ? rangeLabel(intl, group.code, o.value, currency) : o.label);
  // The counts are the listing's before the shopper's filters, so they hold while no other group filters it.
  const countsHold = Object.entries(params.filters).every(([code, values]) => code === group.code || !values?.length);
  return (
    <div className={styles.block}>
      <h3 className={styles.blockTitle}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          <span>
            {title}
            {selected.length ? <span className={styles.badge}> ({selected.length})</span> : null}
          </span>
          <span className={open ? styles.chevronOpen : styles.chevron}>
            <IconChevron />
          </span>
        </button>
      </h3>
      <fieldset id={listId} className={styles.options} hidden={!open}>
        <legend className="visually-hidden">{title}</legend>
        {group.options.map((o) => {
          const count = countsHold ? o.count : null;
          const countId = `${listId}-${o.value}-count`;
          // The number is seen; a screen reader hears "12 frames" as the box's description, not in its name.
          return (
            <Fragment key={o.value}>
              <label className={styles.option}>
                <input
                  type="checkbox"
                  checked={selected.includes(o.value)}
                  onChange={() => onToggle(group.code, o.value)}
                  aria-describedby={count === null ? undefined : countId}
                />
                <span>{labelOf(o)}</span>
                {count === null ? null : (
                  <span className={styles.count} aria-hidden="true">
                    {count}
                  </span>
                )}
              </label>
              {count === null ? null : (
                <span id={countId} className="visually-hidden">
                  {intl.formatMessage({ id: 'catalog.filters.optionCount', defaultMessage: '{count, plural, one {# frame} other {# frames}}' }, { count })}
                </span>
              )}
            </Fragment>
          );
        })}
      </fieldset>
    </div>
  );
}
