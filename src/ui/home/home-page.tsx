import { useQuery } from '@apollo/client';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorMessages } from '../shared/error-messages';
import { RichContent } from '../shared/rich-content';
import styles from './home-page.module.css';
import { GET_CMS_PAGE } from './home-page.operations';

/** Home (spec §2 "/"): the store's CMS home content. */
export function HomePage() {
  const intl = useIntl();
  const { data, loading, error } = useQuery(GET_CMS_PAGE, { variables: { identifier: 'home' } });
  const page = data?.cmsPage;
  if (loading && !page) {
    return (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">
          <FormattedMessage id="home.loading" defaultMessage="Loading the home page…" />
        </span>
        <div className={styles.shimmer} />
      </div>
    );
  }
  const fallbackTitle = intl.formatMessage({ id: 'home.title', defaultMessage: 'Eyeglasses and sunglasses' });
  return (
    <article>
      <h1 tabIndex={-1}>{page?.content_heading || page?.title || fallbackTitle}</h1>
      {error && !page ? <p role="alert">{intl.formatMessage(errorMessages.generic)}</p> : null}
      {page?.content ? <RichContent className={styles.content} html={page.content} /> : null}
    </article>
  );
}
