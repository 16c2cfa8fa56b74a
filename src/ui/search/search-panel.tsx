import { useQuery } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { selectSearchTerm, selectSearchText, type SearchSuggestionsActor } from '../../machines/search/search-suggestions.machine';
import { productPath } from '../../services/catalog/catalog-paths';
import { Price } from '../shared/price';
import { ProductImage } from '../shared/product-image';
import { GET_SEARCH_SUGGESTIONS } from './search.operations';
import { MIN_SUGGESTION_LENGTH, searchPath } from './search-path';
import styles from './search-panel.module.css';

interface Suggestion {
  id: string;
  kind: 'category' | 'product' | 'all';
  href: string;
  label: string;
  product?: { image: string | null; price: { value: number | null; currency: string | null } };
}

/**
 * The header's search panel (spec §2): a WAI-ARIA combobox whose listbox suggests categories and
 * products as the shopper types (once the typing pauses: the searchSuggestions machine, which the app
 * machine runs while the panel is open); Enter without a chosen suggestion opens the search page.
 */
export function SearchPanel({ search, onClose }: { search: SearchSuggestionsActor; onClose: (restoreFocus: boolean) => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const inputId = useId();
  const text = useSelector(search, selectSearchText);
  const term = useSelector(search, selectSearchTerm);
  const [active, setActive] = useState(-1);
  const [listOpen, setListOpen] = useState(true);
  const enough = term.length >= MIN_SUGGESTION_LENGTH;
  const { data, loading } = useQuery(GET_SEARCH_SUGGESTIONS, { variables: { search: term }, skip: !enough });

  useEffect(() => inputRef.current?.focus(), []);

  const products = enough ? (data?.products?.items ?? []).flatMap((p) => (p ? [p] : [])) : [];
  const categories = enough
    ? (data?.products?.aggregations?.find((a) => a?.attribute_code === 'category_uid')?.options ?? []).flatMap((o) => (o ? [o] : [])).slice(0, 3)
    : [];
  const suggestions: Suggestion[] = [
    ...categories.map((c) => ({ id: `c-${c.value}`, kind: 'category' as const, href: searchPath(term, c.value), label: c.label ?? c.value })),
    ...products.map((p) => ({
      id: `p-${p.uid}`,
      kind: 'product' as const,
      href: productPath(p),
      label: p.name ?? '',
      product: { image: p.small_image?.url ?? null, price: p.price_range.minimum_price.final_price },
    })),
  ];
  if (suggestions.length)
    suggestions.push({
      id: 'all',
      kind: 'all',
      href: searchPath(term),
      label: intl.formatMessage(
        { id: 'search.seeAll', defaultMessage: 'See all {count, plural, one {# result} other {# results}} for “{query}”' },
        { count: data?.products?.total_count ?? 0, query: term },
      ),
    });
  const expanded = listOpen && suggestions.length > 0 && text.trim().length >= MIN_SUGGESTION_LENGTH;
  const activeSuggestion = expanded ? suggestions[active] : undefined;

  const go = (href: string) => {
    onClose(false);
    navigate(href);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!suggestions.length) return;
      setListOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const n = suggestions.length;
      setActive((i) => (i === -1 ? (step === 1 ? 0 : n - 1) : (i + step + n) % n));
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (expanded) setListOpen(false);
      else onClose(true);
    } else if (e.key === 'Enter' && activeSuggestion) {
      e.preventDefault();
      go(activeSuggestion.href);
    }
  };

  const status = !enough
    ? ''
    : loading
      ? intl.formatMessage({ id: 'search.loading', defaultMessage: 'Searching…' })
      : intl.formatMessage(
          { id: 'search.suggestionCount', defaultMessage: '{count, plural, =0 {No suggestions} one {# suggestion} other {# suggestions}}' },
          { count: Math.max(0, suggestions.length - 1) },
        );

  return (
    <div className={styles.panel}>
      <form
        role="search"
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) go(searchPath(text));
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          <FormattedMessage id="search.label" defaultMessage="Search frames" />
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type="search"
          role="combobox"
          autoComplete="off"
          enterKeyHint="search"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeSuggestion ? `${listId}-${activeSuggestion.id}` : undefined}
          placeholder={intl.formatMessage({ id: 'search.placeholder', defaultMessage: 'Search frames, shapes, colours…' })}
          value={text}
          onChange={(e) => {
            search.send({ type: 'search.type', text: e.target.value });
            setActive(-1);
            setListOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className={styles.submit}>
          <FormattedMessage id="search.submit" defaultMessage="Search" />
        </button>
      </form>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      <ul
        id={listId}
        role="listbox"
        className={styles.list}
        hidden={!expanded}
        aria-label={intl.formatMessage({ id: 'search.suggestions', defaultMessage: 'Suggestions' })}
      >
        {suggestions.map((s, i) => (
          <li
            key={s.id}
            id={`${listId}-${s.id}`}
            role="option"
            aria-selected={i === active}
            className={[styles.option, styles[s.kind], i === active ? styles.active : null].filter(Boolean).join(' ')}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => go(s.href)}
          >
            {s.kind === 'product' && s.product ? (
              <>
                <span className={styles.thumb}>{s.product.image ? <ProductImage src={s.product.image} alt="" sizes="48px" ratio={0.8} /> : null}</span>
                <span className={styles.name}>{s.label}</span>
                {s.product.price.value !== null && s.product.price.currency ? (
                  <Price className={styles.price} value={s.product.price.value} currency={s.product.price.currency} />
                ) : null}
              </>
            ) : s.kind === 'category' ? (
              <FormattedMessage id="search.inCategory" defaultMessage="“{query}” in {category}" values={{ query: term, category: s.label }} />
            ) : (
              s.label
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
