import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useShopActors } from '../app/shop-actors';
import { shopperMessageOf } from '../shared/shopper-message';

/**
 * Holds the page until the store view is known (spec §2): its config loaded, or a reload to
 * another store view under way. A failure says why and offers a retry; nothing is lost.
 */
export function StoreViewGate({ children }: { children: ReactNode }) {
  const { storeView } = useShopActors();
  const intl = useIntl();
  const ready = useSelector(storeView, (s) => s.matches('ready'));
  const error = useSelector(storeView, (s) => (s.matches('failed') ? s.context.error : null));
  if (ready) return <>{children}</>;
  if (error !== null) {
    return (
      <div role="alert">
        <p>
          <FormattedMessage id="shell.storeFailed" defaultMessage="The shop could not be loaded. {error}" values={{ error: shopperMessageOf(error, intl) }} />
        </p>
        <button type="button" onClick={() => storeView.send({ type: 'storeView.retry' })}>
          <FormattedMessage id="shell.retry" defaultMessage="Try again" />
        </button>
      </div>
    );
  }
  return (
    <p role="status" aria-live="polite">
      <FormattedMessage id="shell.loading" defaultMessage="Loading the shop…" />
    </p>
  );
}
