import { useQuery } from '@apollo/client';
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { errorMessages } from '../shared/error-messages';
import { PageHeading, useFocusHeadingOnNavigation } from '../shared/page-heading';
import { useDocumentTitle } from '../shared/use-document-title';
import { RichContent } from '../shared/rich-content';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import styles from './home-page.module.css';
import { GET_CMS_PAGE } from '../cms';

/** How wide the home content's images (its category tiles) are drawn: 2 columns, 3 from 640 px. */
const HOME_CONTENT_IMAGE_SIZES = '(min-width: 1440px) 440px, (min-width: 640px) 31vw, 46vw';

/** Home (spec §2 "/"): the store's CMS home content. */
export function HomePage() {
  const intl = useIntl();
  const { data, loading, error } = useQuery(GET_CMS_PAGE, { variables: { identifier: 'home' } });
  const page = data?.cmsPage;
  useDocumentTitle(page?.title, page?.meta_title);
  // Content that brings its own h1 (the home hero) gets the focus after an in-app navigation, as a
  // PageHeading would.
  const contentHasHeading = Boolean(page?.content?.includes('<h1'));
  const article = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(article, { ready: contentHasHeading });
  if (loading && !page) {
    return (
      <LoadingRegion label={intl.formatMessage({ id: 'home.loading', defaultMessage: 'Loading the home page…' })}>
        <Shimmer height={18} />
      </LoadingRegion>
    );
  }
  const fallbackTitle = intl.formatMessage({ id: 'home.title', defaultMessage: 'Eyeglasses and sunglasses' });
  return (
    <article ref={article}>
      {/* content that brings its own h1 (the home hero) is the page's one heading */}
      {contentHasHeading ? null : <PageHeading>{page?.content_heading || page?.title || fallbackTitle}</PageHeading>}
      {error && !page ? <p role="alert">{intl.formatMessage(errorMessages.generic)}</p> : null}
      {page?.content ? <RichContent className={styles.content} html={page.content} imageSizes={HOME_CONTENT_IMAGE_SIZES} /> : null}
    </article>
  );
}
