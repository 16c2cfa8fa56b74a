import { useIntl } from 'react-intl';
import { errorMessages } from '../shared/error-messages';

/** spec §8 "Page not found". */
export function NotFoundPage() {
  const intl = useIntl();
  return (
    <section>
      <h1 tabIndex={-1}>{intl.formatMessage(errorMessages.notFound)}</h1>
    </section>
  );
}
