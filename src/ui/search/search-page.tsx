import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { SEARCH_FILTER_CODES } from '../catalog';
import { ProductListing } from '../catalog';
import { Button } from '../shared/button';
import { PageHeading } from '../shared/page-heading';
import { pageTitles } from '../shared/page-titles';
import { useDocumentTitle } from '../shared/use-document-title';
import { searchPath } from './search-path';
import styles from './search-page.module.css';

const NO_BASE_FILTER = {};

/** Search page `/search.html?query=…` (spec §2): the same filters, sort and pages as a category. */
export function SearchPage() {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const query = (searchParams.get('query') ?? '').trim();
  const title = query ? intl.formatMessage(pageTitles.search, { query }) : intl.formatMessage(pageTitles.searchEmpty);
  useDocumentTitle(title);
  const emptyMessage = useMemo(
    () => (suggestions: string[]) => (
      <>
        <p>
          <FormattedMessage id="search.empty" defaultMessage="Nothing matches “{query}”. Check the spelling or try fewer words." values={{ query }} />
        </p>
        {suggestions.length ? (
          <p>
            <FormattedMessage id="search.didYouMean" defaultMessage="Did you mean:" />{' '}
            {suggestions.map((s, i) => (
              <span key={s}>
                {i > 0 ? ', ' : null}
                <Link to={searchPath(s)}>{s}</Link>
              </span>
            ))}
          </p>
        ) : null}
      </>
    ),
    [query],
  );
  if (!query) return <SearchStart title={title} />;
  return (
    <ProductListing
      title={title}
      search={query}
      baseFilter={NO_BASE_FILTER}
      filterCodes={SEARCH_FILTER_CODES}
      emptyMessage={emptyMessage}
      focusKey={`search:${query}`}
    />
  );
}

/** No query yet: a search box on the page itself. */
function SearchStart({ title }: { title: string }) {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  return (
    <section>
      <PageHeading>{title}</PageHeading>
      <form
        role="search"
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) navigate(searchPath(text));
        }}
      >
        <label htmlFor={id}>
          <FormattedMessage id="search.label" defaultMessage="Search frames" />
        </label>
        <input id={id} type="search" className={styles.input} value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" priority="high">
          <FormattedMessage id="search.submit" defaultMessage="Search" />
        </Button>
      </form>
    </section>
  );
}
