import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { errorMessages } from './error-messages';
import { PageHeading } from './page-heading';
import { pageTitles } from './page-titles';
import { useDocumentTitle } from './use-document-title';

/** spec §8 "Page not found", with a way back into the shop. */
export function NotFoundPage() {
  const intl = useIntl();
  const message = intl.formatMessage(errorMessages.notFound);
  useDocumentTitle(intl.formatMessage(pageTitles.notFound));
  return (
    <section>
      <PageHeading>{message}</PageHeading>
      <p>
        <Link to="/">{intl.formatMessage({ id: 'notFound.home', defaultMessage: 'Back to the home page' })}</Link>
      </p>
    </section>
  );
}
