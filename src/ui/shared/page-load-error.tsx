import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from './button';
import { errorMessages } from './error-messages';

/** A page whose data could not be read (spec §8 generic wording) and a way to ask again. */
export function PageLoadError({ onRetry }: { onRetry: () => void }) {
  const intl = useIntl();
  return (
    <div role="alert">
      <h1 tabIndex={-1}>{intl.formatMessage(errorMessages.generic)}</h1>
      <Button onClick={onRetry}>
        <FormattedMessage id="catalog.retry" defaultMessage="Try again" />
      </Button>
    </div>
  );
}
