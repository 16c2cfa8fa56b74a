import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  selectAvailableShippingMethods,
  selectIsLoadingShippingMethods,
  selectIsSubmitting,
  isUsableShippingMethod,
  selectProposedShippingMethod,
  selectShippingMethodError,
  type CheckoutSnapshot,
} from '../../machines/checkout/checkout.machine';
import type { CheckoutShippingMethod } from '../../machines/checkout/checkout.types';
import { Button } from '../shared/button';
import { Price } from '../shared/price';
import { useCheckoutActor } from '../app/shop-actor-hooks';
import styles from './checkout-page.module.css';
import { StepError } from './checkout-step';

const methodKey = (method: { carrier_code: string; method_code: string }) => `${method.carrier_code}|${method.method_code}`;
const selectProposedKey = (snapshot: CheckoutSnapshot) => {
  const method = selectProposedShippingMethod(snapshot);
  return method ? methodKey(method) : null;
};

/** When a method delivers, from the backend's estimate in working days. */
export function DeliveryEstimate({ days }: { days: CheckoutShippingMethod['delivery_days'] }) {
  if (!days) return null;
  return (
    <span className={styles.choiceNote}>
      {days.min === days.max ? (
        <FormattedMessage
          id="checkout.methods.deliveryExact"
          defaultMessage="Arrives in {days, plural, one {# working day} other {# working days}}"
          values={{ days: days.max }}
        />
      ) : (
        <FormattedMessage id="checkout.methods.delivery" defaultMessage="Arrives in {min}–{max} working days" values={{ min: days.min, max: days.max }} />
      )}
    </span>
  );
}

/** Step 2: how to ship, from the methods the backend offers for the address. */
export function ShippingMethodStep() {
  const intl = useIntl();
  const checkout = useCheckoutActor();
  const methods = useSelector(checkout, selectAvailableShippingMethods);
  const loading = useSelector(checkout, selectIsLoadingShippingMethods);
  const submitting = useSelector(checkout, selectIsSubmitting);
  const error = useSelector(checkout, selectShippingMethodError);
  const proposed = useSelector(checkout, selectProposedKey);
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? proposed;

  const submit = () => {
    const method = methods.find((m) => methodKey(m) === chosen);
    if (method) checkout.send({ type: 'checkout.shippingMethod.submit', shippingMethod: method });
  };
  if (loading) return <p role="status">{intl.formatMessage({ id: 'checkout.methods.loading', defaultMessage: 'Loading shipping methods…' })}</p>;
  return (
    <form
      className={styles.choiceForm}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <StepError id="shipping-method-error" error={error} />
      {methods.length ? (
        <fieldset className={styles.choices} aria-describedby="shipping-method-error">
          <legend className="visually-hidden">
            <FormattedMessage id="checkout.methods.legend" defaultMessage="Shipping method" />
          </legend>
          {methods.map((method) => {
            const key = methodKey(method);
            const usable = isUsableShippingMethod(method);
            // A method Magento lists but cannot use for this cart is shown with why (free shipping under its threshold), never chosen.
            const whyId = usable || !method.error_message ? undefined : `shipping-method-why-${key}`;
            return (
              <label key={key} className={styles.choice}>
                <input
                  type="radio"
                  name="shipping-method"
                  checked={usable && chosen === key}
                  disabled={!usable}
                  aria-describedby={whyId}
                  onChange={() => setPicked(key)}
                />
                <span className={styles.choiceText}>
                  <span>
                    {method.carrier_title}
                    {method.method_title ? <> — {method.method_title}</> : null}
                  </span>
                  {method.amount && usable && method.amount.value === 0 ? (
                    // The one standard parcel over the store view's free-shipping subtotal (ADR 040): said in words, not "$0.00".
                    <span className={styles.choicePrice}>{intl.formatMessage({ id: 'checkout.methods.free', defaultMessage: 'Free' })}</span>
                  ) : method.amount ? (
                    <Price value={method.amount.value} currency={method.amount.currency} className={styles.choicePrice} />
                  ) : null}
                  <DeliveryEstimate days={method.delivery_days} />
                  {whyId ? (
                    <span id={whyId} className={styles.choiceNote}>
                      {method.error_message}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </fieldset>
      ) : (
        <div className={styles.choiceActions}>
          <p>
            <FormattedMessage id="checkout.methods.none" defaultMessage="No shipping method is offered for this address. Check the address, or try again." />
          </p>
          <Button onClick={() => checkout.send({ type: 'checkout.shippingMethods.request' })}>
            <FormattedMessage id="checkout.retry" defaultMessage="Try again" />
          </Button>
        </div>
      )}
      {methods.length ? (
        <div className={styles.choiceActions}>
          <Button type="submit" priority="high" disabled={submitting || !chosen}>
            {submitting
              ? intl.formatMessage({ id: 'checkout.submitting', defaultMessage: 'Saving…' })
              : intl.formatMessage({ id: 'checkout.shippingMethod.continue', defaultMessage: 'Continue to payment' })}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
