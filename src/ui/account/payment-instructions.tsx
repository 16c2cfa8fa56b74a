import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { OrderPaymentFieldsFragment } from '../../services/apollo/generated/operation-types';
import styles from './payment-instructions.module.css';

type OrderPayments = OrderPaymentFieldsFragment['payment_methods'];

/** A check / money order's payee and mailing address, as Magento copies them onto the order's payment (`additional_data`). */
export function checkInstructionsOf(payments: OrderPayments | null | undefined): { payableTo: string; mailingAddress: string[] } | null {
  const check = payments?.find((payment) => payment?.type === 'checkmo');
  const value = (name: string) => check?.additional_data?.find((entry) => entry?.name === name)?.value?.trim() ?? '';
  const payableTo = value('payable_to');
  const mailingAddress = value('mailing_address')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return payableTo || mailingAddress.length ? { payableTo, mailingAddress } : null;
}

/**
 * A sentence that ends with a payee ending in a full stop ("Lunette Eyewear Inc.") takes no second
 * one: "… payable to Lunette Eyewear Inc.", never "Inc..".
 */
function oneFinalPeriod(parts: ReactNode[], payee: string): ReactNode[] {
  if (!payee.endsWith('.')) return parts;
  return parts.map((part, index) => (index > 0 && typeof part === 'string' && typeof parts[index - 1] !== 'string' ? part.replace(/^\./, '') : part));
}

/**
 * The next step of an order paid by check or money order: whom to make it payable to and
 * where to send it (Magento's "Make Check payable to" and "Send Check to" settings), with the order
 * number to write on it. Nothing for other payment methods.
 */
export function PaymentInstructions({
  payments,
  orderNumber,
  headingId,
}: {
  payments: OrderPayments | null | undefined;
  orderNumber: string;
  headingId: string;
}) {
  const check = checkInstructionsOf(payments);
  if (!check) return null;
  return (
    <section className={styles.instructions} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        <FormattedMessage id="checkout.payCheck.title" defaultMessage="Next step: send your payment" />
      </h2>
      {check.payableTo ? (
        <p>
          <FormattedMessage
            id="checkout.payCheck.payableTo"
            defaultMessage="Make your check or money order payable to {payee}."
            values={{ payee: <strong>{check.payableTo}</strong> }}
          >
            {(parts) => <>{oneFinalPeriod(parts, check.payableTo)}</>}
          </FormattedMessage>
        </p>
      ) : null}
      {check.mailingAddress.length ? (
        <>
          <p>
            <FormattedMessage id="checkout.payCheck.sendTo" defaultMessage="Send it to:" />
          </p>
          <address>
            {check.mailingAddress.map((line, index) => (
              <span key={`${index}-${line}`}>
                {line}
                {index < check.mailingAddress.length - 1 ? <br /> : null}
              </span>
            ))}
          </address>
        </>
      ) : null}
      <p>
        <FormattedMessage
          id="checkout.payCheck.number"
          defaultMessage="Please write your order number #{number} on it: we ship your order once the payment has arrived."
          values={{ number: orderNumber }}
        />
      </p>
    </section>
  );
}
