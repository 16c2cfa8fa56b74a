import { useQuery } from '@apollo/client';
import { useIntl } from 'react-intl';
import { NotFoundPage } from '../shared/not-found-page';
import { errorMessages } from '../shared/error-messages';
import { PageHeading } from '../shared/page-heading';
import { RichContent } from '../shared/rich-content';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import { useDocumentTitle } from '../shared/use-document-title';
import styles from './cms-page.module.css';
import { GET_CMS_PAGE } from './cms-page.operations';

/** A CMS page reached through the route fallback (spec §2): its heading and sanitised content. */
export function CmsPage({ identifier }: { identifier: string }) {
  const intl = useIntl();
  const { data, loading, error } = useQuery(GET_CMS_PAGE, { variables: { identifier }, errorPolicy: 'all' });
  const page = data?.cmsPage ?? null;
  useDocumentTitle(page?.title, page?.meta_title);

  if (!page && loading) {
    return (
      <LoadingRegion label={intl.formatMessage({ id: 'cms.loading', defaultMessage: 'Loading the page…' })}>
        <div className={styles.shimmer}>
          <Shimmer width={18} height={2.25} />
          <Shimmer />
          <Shimmer width="90%" />
          <Shimmer width="75%" />
        </div>
      </LoadingRegion>
    );
  }
  if (!page) {
    // Magento answers an unknown identifier with a "doesn't exist" error: that is a missing page
    const missing = error?.graphQLErrors.some((e) => /doesn't exist/i.test(e.message)) ?? true;
    return missing ? <NotFoundPage /> : <p role="alert">{intl.formatMessage(errorMessages.generic)}</p>;
  }
  return (
    <article className={styles.page}>
      <PageHeading>{page.content_heading || page.title}</PageHeading>
      {page.content ? <RichContent className={styles.content} html={page.content} /> : null}
    </article>
  );
}
