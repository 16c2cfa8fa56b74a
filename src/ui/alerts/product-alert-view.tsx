import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { AlertType } from '../../services/alerts/alert-links';
import { buttonClassName } from '../shared/button';
import { ContinueShoppingLink, LinkErrorOutcome, LinkOutcome, SignInOutcome, WorkingOutcome } from '../shared/link-page/link-outcome';

export type ProductAlertViewState =
  | { status: 'subscribing' }
  | { status: 'subscribed'; productName: string; productPath: string | null }
  | { status: 'badLink' }
  | { status: 'unknownProduct'; sku: string }
  | { status: 'signInAgain'; from: string }
  | { status: 'error'; message: string; onRetry: () => void };

/** /stock and /price (spec §2) for a signed-in customer: subscribing, subscribed, or why not. */
export function ProductAlertView({ type, state }: { type: AlertType; state: ProductAlertViewState }) {
  const intl = useIntl();
  const stock = type === 'STOCK';
  const continueShopping = <ContinueShoppingLink />;

  switch (state.status) {
    case 'subscribing':
      return (
        <WorkingOutcome
          stateKey="subscribing"
          title={
            stock
              ? intl.formatMessage({ id: 'alerts.stock.title', defaultMessage: 'Back-in-stock alert' })
              : intl.formatMessage({ id: 'alerts.price.title', defaultMessage: 'Price-drop alert' })
          }
          label={intl.formatMessage({ id: 'alerts.subscribing', defaultMessage: 'Setting up your alert…' })}
        />
      );
    case 'subscribed': {
      const title = stock
        ? intl.formatMessage(
            { id: 'alerts.stock.subscribed', defaultMessage: "We'll email you when {product} is back in stock" },
            { product: state.productName },
          )
        : intl.formatMessage(
            { id: 'alerts.price.subscribed', defaultMessage: "We'll email you when the price of {product} drops" },
            { product: state.productName },
          );
      return (
        <LinkOutcome
          stateKey="subscribed"
          title={title}

          actions={
            <>
              {state.productPath ? (
                <Link to={state.productPath} className={buttonClassName({ priority: 'high' })}>
                  {intl.formatMessage({ id: 'alerts.backToProduct', defaultMessage: 'Back to {product}' }, { product: state.productName })}
                </Link>
              ) : null}
              {continueShopping}
            </>
          }
        >
          <p>
            {intl.formatMessage({
              id: 'alerts.subscribed.detail',
              defaultMessage: 'The alert is saved in your account. Each email has a link to stop it whenever you like.',
            })}
          </p>
        </LinkOutcome>
      );
    }
    case 'badLink': {
      const title = intl.formatMessage({ id: 'alerts.badRequest.title', defaultMessage: "This alert link doesn't name a product" });
      return (
        <LinkOutcome stateKey="badLink" tone="problem" title={title} actions={continueShopping}>
          <p>
            {intl.formatMessage({
              id: 'alerts.badRequest.detail',
              defaultMessage: 'Open the product you are interested in and use its "Notify me" button to set up an alert.',
            })}
          </p>
        </LinkOutcome>
      );
    }
    case 'unknownProduct': {
      const title = intl.formatMessage({ id: 'alerts.unknownProduct.title', defaultMessage: "We couldn't find that product" });
      return (
        <LinkOutcome stateKey="unknownProduct" tone="problem" title={title} actions={continueShopping}>
          <p>
            {intl.formatMessage(
              { id: 'alerts.unknownProduct.detail', defaultMessage: 'No product has the reference {sku}. It may have been removed from the shop.' },
              { sku: state.sku },
            )}
          </p>
        </LinkOutcome>
      );
    }
    case 'signInAgain': {
      const title = intl.formatMessage({ id: 'alerts.signInAgain.title', defaultMessage: 'Please sign in again' });
      return (
        <SignInOutcome stateKey="signInAgain" tone="problem" title={title} from={state.from}>
          <p>{intl.formatMessage({ id: 'alerts.signInAgain.detail', defaultMessage: 'Your session has ended. Sign in and we will set up the alert.' })}</p>
        </SignInOutcome>
      );
    }
    case 'error': {
      const title = intl.formatMessage({ id: 'alerts.error.title', defaultMessage: "We couldn't set up your alert" });
      return <LinkErrorOutcome title={title} message={state.message} onRetry={state.onRetry} otherAction={continueShopping} />;
    }
  }
}
