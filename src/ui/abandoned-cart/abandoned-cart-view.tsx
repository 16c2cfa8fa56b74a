import { defineMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { buttonClassName } from '../shared/button';
import { ContinueShoppingLink, LinkErrorOutcome, LinkOutcome, SignInOutcome, WorkingOutcome } from '../shared/link-page/link-outcome';

/** The link did not change the shopper's current cart. */
const keptMessage = defineMessage({ id: 'abandonedCart.kept', defaultMessage: 'Your current cart has not changed.' });

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
  const kept = intl.formatMessage(keptMessage);

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
    case 'badLink':
      return (
        <KeptCartOutcome
          stateKey="badLink"
          tone="problem"
          title={intl.formatMessage({ id: 'abandonedCart.badLink', defaultMessage: 'This cart link has expired or is not valid' })}
          detail={intl.formatMessage({
            id: 'abandonedCart.badLinkDetail',
            defaultMessage: 'Cart links work for 7 days and only as they were sent. The products are still in the shop if you would like to add them again.',
          })}
        />
      );
    case 'unavailable':
      return (
        <KeptCartOutcome
          stateKey="unavailable"
          title={intl.formatMessage({ id: 'abandonedCart.ordered', defaultMessage: 'This cart is no longer available' })}
          detail={intl.formatMessage({
            id: 'abandonedCart.orderedDetail',
            defaultMessage: 'It was checked out or combined with another cart, so there is nothing left to restore.',
          })}
        />
      );
    case 'signInNeeded': {
      const title = intl.formatMessage({ id: 'abandonedCart.signIn', defaultMessage: 'Sign in to restore this cart' });
      return (
        <SignInOutcome stateKey="signInNeeded" title={title} from={state.from} otherAction={<CurrentCartLink priority="low" />}>
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
        <LinkErrorOutcome title={title} message={state.message} onRetry={state.onRetry} otherAction={<CurrentCartLink priority="low" />}>
          <p>{kept}</p>
        </LinkErrorOutcome>
      );
    }
  }
}

/** The cart link was not restored, and the shopper's current cart stays as it was: why, and the ways on (the current cart, home). */
function KeptCartOutcome({ stateKey, tone, title, detail }: { stateKey: string; tone?: 'problem'; title: string; detail: string }) {
  const intl = useIntl();
  const kept = intl.formatMessage(keptMessage);
  return (
    <LinkOutcome
      stateKey={stateKey}
      tone={tone}
      title={title}
      announcement={`${title}. ${kept}`}
      actions={
        <>
          <CurrentCartLink priority="high" />
          <ContinueShoppingLink />
        </>
      }
    >
      <p>{kept}</p>
      <p>{detail}</p>
    </LinkOutcome>
  );
}

/** The way to the shopper's current cart (not the one the link named). */
function CurrentCartLink({ priority }: { priority: 'high' | 'low' }) {
  const intl = useIntl();
  return (
    <Link to="/cart" className={buttonClassName({ priority })}>
      {intl.formatMessage({ id: 'abandonedCart.viewCart', defaultMessage: 'View your current cart' })}
    </Link>
  );
}
