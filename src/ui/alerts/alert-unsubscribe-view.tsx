import { useIntl } from 'react-intl';
import { ContinueShoppingLink, LinkErrorOutcome, LinkOutcome, SignInOutcome, WorkingOutcome } from '../shared/link-page/link-outcome';

export type AlertUnsubscribeViewState =
  | { status: 'working' }
  | { status: 'unsubscribed'; productName: string | null }
  | { status: 'badLink' }
  | { status: 'signInNeeded'; from: string }
  | { status: 'error'; message: string; onRetry: () => void };

/** The unsubscribe pages of spec §2: done, or why not and what to do instead. */
export function AlertUnsubscribeView({ state }: { state: AlertUnsubscribeViewState }) {
  const intl = useIntl();
  const home = <ContinueShoppingLink />;
  switch (state.status) {
    case 'working':
      return (
        <WorkingOutcome
          stateKey="working"
          title={intl.formatMessage({ id: 'alerts.unsubscribe.title', defaultMessage: 'Unsubscribe from an alert' })}
          label={intl.formatMessage({ id: 'alerts.unsubscribe.working', defaultMessage: 'Unsubscribing…' })}
        />
      );
    case 'unsubscribed': {
      const title = state.productName
        ? intl.formatMessage(
            { id: 'alerts.unsubscribe.doneFor', defaultMessage: "You won't get alerts about {product} any more" },
            { product: state.productName },
          )
        : intl.formatMessage({ id: 'alerts.unsubscribe.done', defaultMessage: "You're unsubscribed from this alert" });
      return (
        <LinkOutcome stateKey="unsubscribed" title={title} actions={home}>
          <p>
            {intl.formatMessage({
              id: 'alerts.unsubscribe.doneDetail',
              defaultMessage: 'We have stopped this alert. You can set up a new one at any time from the product page.',
            })}
          </p>
        </LinkOutcome>
      );
    }
    case 'badLink': {
      const title = intl.formatMessage({ id: 'alerts.unsubscribe.badLink', defaultMessage: "This unsubscribe link doesn't work" });
      return (
        <LinkOutcome stateKey="badLink" tone="problem" title={title} actions={home}>
          <p>
            {intl.formatMessage({
              id: 'alerts.unsubscribe.badLinkDetail',
              defaultMessage:
                'It may be incomplete, or it was already used: the alert no longer exists, so you will not get emails about it. If you still do, use the link in the latest email.',
            })}
          </p>
        </LinkOutcome>
      );
    }
    case 'signInNeeded': {
      const title = intl.formatMessage({ id: 'alerts.unsubscribe.signIn', defaultMessage: 'Sign in to unsubscribe' });
      return (
        <SignInOutcome stateKey="signInNeeded" title={title} from={state.from} otherAction={home}>
          <p>
            {intl.formatMessage({
              id: 'alerts.unsubscribe.signInDetail',
              defaultMessage: 'This link has no security code, so only the account that set up the alert can stop it. Sign in and we will bring you back here.',
            })}
          </p>
        </SignInOutcome>
      );
    }
    case 'error': {
      const title = intl.formatMessage({ id: 'alerts.unsubscribe.error', defaultMessage: "We couldn't unsubscribe you yet" });
      return <LinkErrorOutcome title={title} message={state.message} onRetry={state.onRetry} otherAction={home} />;
    }
  }
}
