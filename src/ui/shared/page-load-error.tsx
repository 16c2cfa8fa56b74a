import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isConnectionFailure } from '../../machines/shared/effects';
import { useShopActors } from '../app/shop-actors';
import { Button } from './button';
import { errorMessages } from './error-messages';
import { PageUnreachable } from './page-unreachable';

/**
 * What a routed page tells the route machine of its own data (route.machine.ts, ADR 007): that its
 * query failed (for want of a connection the machine asks again on its own, every 5 s, and shows
 * the page anew once the shop answers), and that the shopper pressed "Try again".
 */
export function usePageDataEvents() {
  const { route } = useShopActors();
  return useMemo(
    () => ({
      failed: (error: unknown) => route.send({ type: 'route.page.failed', error }),
      retry: () => route.send({ type: 'route.page.retry' }),
    }),
    [route],
  );
}

/**
 * A page whose data could not be read (spec §8 generic wording) and a way to ask again; for want
 * of a connection, it says so (ADR 007).
 */
export function PageLoadError({ error, onRetry }: { error?: unknown; onRetry: () => void }) {
  const intl = useIntl();
  const retry = (
    <Button onClick={onRetry}>
      <FormattedMessage id="catalog.retry" defaultMessage="Try again" />
    </Button>
  );
  if (isConnectionFailure(error)) {
    return (
      <PageUnreachable>
        <p>
          <FormattedMessage id="error.offlinePageRetry" defaultMessage="Try again once the connection is back." />
        </p>
        {retry}
      </PageUnreachable>
    );
  }
  return (
    <div role="alert">
      <h1 tabIndex={-1}>{intl.formatMessage(errorMessages.generic)}</h1>
      {retry}
    </div>
  );
}
