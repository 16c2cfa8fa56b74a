import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { buttonClassName } from '../shared/button';
import { ContinueShoppingLink, LinkErrorOutcome, LinkOutcome, SignInOutcome, WorkingOutcome } from '../shared/link-page/link-outcome';

export type AbandonedCartViewState =
  | { status: 'restoring' }
  | { status: 'restored' }
  | { status: 'badLink' }
  | { status: 'unavailable' }
  | { status: 'signInNeeded'; from: string }
  | { status: 'error'; message: string; onRetry: () => void };

/** Spec §2 abandoned-cart link: restoring, opening the cart, or why the current cart stays as it is. */
export function AbandonedCartView({ state }: { state: AbandonedCartViewState }) {
  const intl = useIntl();
  const cartLink = (priority: 'high' | 'low') => (
    <Link to="/cart" className={buttonClassName({ priority })}>
      {intl.formatMessage({ id: 'abandonedCart.viewCart', defaultMessage: 'View your current cart' })}
    </Link>
  );
  const home = <ContinueShoppingLink />;
  const kept = intl.formatMessage({ id: 'abandonedCart.kept', defaultMessage: 'Your current cart has not changed.' });

  switch (state.status) {
    case 'restoring':
      return (
        <WorkingOutcome
          stateKey="restoring"
          title={intl.formatMessage({ id: 'abandonedCart.title', defaultMessage: 'Your saved cart' })}
          label={intl.formatMessage({ id: 'abandonedCart.restoring', defaultMessage: 'Bringing back your cart…' })}
        />
      );
    case 'restored': {
      const title = intl.formatMessage({ id: 'abandonedCart.restored', defaultMessage: 'Your cart is back' });
      return (
        <LinkOutcome
          stateKey="restored"
          title={title}
          announcement={`${title}. ${intl.formatMessage({ id: 'abandonedCart.opening', defaultMessage: 'Opening your cart…' })}`}
          actions={
            <Link to="/cart" className={buttonClassName({ priority: 'high' })}>
              {intl.formatMessage({ id: 'abandonedCart.openCart', defaultMessage: 'Open your cart' })}
            </Link>
          }
        >
          <p>{intl.formatMessage({ id: 'abandonedCart.opening', defaultMessage: 'Opening your cart…' })}</p>
        </LinkOutcome>
      );
    }
    case 'badLink': {
      const title = intl.formatMessage({ id: 'abandonedCart.badLink', defaultMessage: 'This cart link has expired or is not valid' });
      return (
        <LinkOutcome
          stateKey="badLink"
          tone="problem"
          title={title}
          announcement={`${title}. ${kept}`}
          actions={
            <>
              {cartLink('high')}
              {home}
            </>
          }
        >
          <p>{kept}</p>
          <p>
            {intl.formatMessage({
              id: 'abandonedCart.badLinkDetail',
              defaultMessage: 'Cart links work for 7 days and only as they were sent. The products are still in the shop if you would like to add them again.',
            })}
          </p>
        </LinkOutcome>
      );
    }
    case 'unavailable': {
      const title = intl.formatMessage({ id: 'abandonedCart.ordered', defaultMessage: 'This cart is no longer available' });
      return (
        <LinkOutcome
          stateKey="unavailable"
          title={title}
          announcement={`${title}. ${kept}`}
          actions={
            <>
              {cartLink('high')}
              {home}
            </>
          }
        >
          <p>{kept}</p>
          <p>
            {intl.formatMessage({
              id: 'abandonedCart.orderedDetail',
              defaultMessage: 'It was checked out or combined with another cart, so there is nothing left to restore.',
            })}
          </p>
        </LinkOutcome>
      );
    }
    case 'signInNeeded': {
      const title = intl.formatMessage({ id: 'abandonedCart.signIn', defaultMessage: 'Sign in to restore this cart' });
      return (
        <SignInOutcome stateKey="signInNeeded" title={title} from={state.from} otherAction={cartLink('low')}>
          <p>
            {intl.formatMessage({
              id: 'abandonedCart.signInDetail',
              defaultMessage: 'This cart belongs to a customer account, so only that account can open it. Sign in and we will bring you back here.',
            })}
          </p>
          <p>{kept}</p>
        </SignInOutcome>
      );
    }
    case 'error': {
      const title = intl.formatMessage({ id: 'abandonedCart.error', defaultMessage: "We couldn't restore your cart yet" });
      return (
        <LinkErrorOutcome
          title={title}
          message={state.message}
          retryLabel={intl.formatMessage({ id: 'alerts.tryAgain', defaultMessage: 'Try again' })}
          onRetry={state.onRetry}
          otherAction={cartLink('low')}
        >
          <p>{kept}</p>
        </LinkErrorOutcome>
      );
    }
  }
}
