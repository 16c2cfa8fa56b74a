import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { buttonClassName } from '../shared/button';
import { LinkErrorOutcome, LinkOutcome, WorkingOutcome } from '../shared/link-page/link-outcome';
import styles from '../shared/link-page/link-outcome.module.css';
import { shopperMessageOf } from '../shared/shopper-message';

export type PaymentReturnViewState =
  | { status: 'verifying' }
  | { status: 'refused'; message: string; orderNumber: string | null }
  | { status: 'incomplete' }
  | { status: 'error'; message: string; onRetry: () => void };

/** Spec §2 payment returns while the result is checked, and when it cannot be trusted. */
export function PaymentReturnView({ state }: { state: PaymentReturnViewState }) {
  const intl = useIntl();
  const contact = (
    <Link to="/contact-us" className={buttonClassName({ priority: 'low' })}>
      {intl.formatMessage({ id: 'payment.contactUs', defaultMessage: 'Contact us' })}
    </Link>
  );
  /** Where a payment that cannot be trusted leaves the shopper: back to the cart, or to us. */
  const cartOrContact = (
    <>
      <Link to="/cart" className={buttonClassName({ priority: 'high' })}>
        {intl.formatMessage({ id: 'payment.viewCart', defaultMessage: 'View your cart' })}
      </Link>
      {contact}
    </>
  );
  switch (state.status) {
    case 'verifying':
      return (
        <WorkingOutcome
          stateKey="verifying"
          title={intl.formatMessage({ id: 'payment.verifying.title', defaultMessage: 'Checking your payment' })}
          label={intl.formatMessage({ id: 'payment.verifying', defaultMessage: 'Confirming your payment with the provider…' })}
        />
      );
    case 'refused': {
      const title = intl.formatMessage({ id: 'payment.refused.title', defaultMessage: "We couldn't confirm this payment" });
      // Spec §8: the backend's words only when plain; raw text stays in the log.
      const message = shopperMessageOf(state.message || null, intl) ?? '';
      return (
        <LinkOutcome stateKey="refused" tone="problem" title={title} announcement={`${title}. ${message}`} actions={cartOrContact}>
          <p>
            {intl.formatMessage({
              id: 'payment.refused.detail',
              defaultMessage:
                'The payment details in this address do not match what the payment provider sent us, or this payment was already completed. For your security nothing was changed: not your order, not your cart.',
            })}
          </p>
          <p className={styles.detail}>{message}</p>
          <p>
            {state.orderNumber
              ? intl.formatMessage(
                  {
                    id: 'payment.refused.orderHelp',
                    defaultMessage: 'If you did pay for order #{order}, you will receive its confirmation by email. If not, contact us with that number.',
                  },
                  { order: state.orderNumber },
                )
              : intl.formatMessage({
                  id: 'payment.refused.help',
                  defaultMessage: 'If you did pay, you will receive the confirmation by email. If not, contact us.',
                })}
          </p>
        </LinkOutcome>
      );
    }
    case 'incomplete':
      return (
        <LinkOutcome
          stateKey="incomplete"
          tone="problem"
          title={intl.formatMessage({ id: 'payment.incomplete.title', defaultMessage: 'This payment address is incomplete' })}
          actions={cartOrContact}
        >
          <p>
            {intl.formatMessage({
              id: 'payment.incomplete.detail',
              defaultMessage: 'The payment provider sends you back here with the result of your payment, and part of it is missing. Nothing was changed.',
            })}
          </p>
        </LinkOutcome>
      );
    case 'error': {
      const title = intl.formatMessage({ id: 'payment.error.title', defaultMessage: "We couldn't check your payment yet" });
      return (
        <LinkErrorOutcome
          title={title}
          message={state.message}
          retryLabel={intl.formatMessage({ id: 'payment.checkAgain', defaultMessage: 'Check again' })}
          onRetry={state.onRetry}
          otherAction={contact}
        >
          <p>{intl.formatMessage({ id: 'payment.error.safe', defaultMessage: 'Do not pay again: checking again is safe and will not charge you twice.' })}</p>
        </LinkErrorOutcome>
      );
    }
  }
}
