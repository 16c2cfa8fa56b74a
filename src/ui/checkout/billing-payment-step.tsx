import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { selectCartDetails } from '../../machines/cart/cart.machine';
import { selectBillingAddress, selectBillingAddressError, selectPaymentCode, selectPaymentMethodError } from '../../machines/checkout/checkout.machine';
import type { Address } from '../../machines/checkout/checkout.types';
import { Button } from '../shared/button';
import { useCartActor, useCheckoutActor } from '../app/shop-actor-hooks';
import { AddressForm } from './address-form';
import type { CountryOption } from './checkout-page.operations';
import styles from './checkout-page.module.css';
import { StepError } from './checkout-step';
import { isHostedPayment } from './payment-methods';

/** Step 3: billing address (same as shipping, or its own) and the payment method. */
export function BillingPaymentStep({ countries }: { countries: readonly CountryOption[] }) {
  const intl = useIntl();
  const checkout = useCheckoutActor();
  const details = useSelector(useCartActor(), selectCartDetails);
  const billing = useSelector(checkout, selectBillingAddress);
  const billingError = useSelector(checkout, selectBillingAddressError);
  const paymentError = useSelector(checkout, selectPaymentMethodError);
  const savedCode = useSelector(checkout, selectPaymentCode);
  const methods = (details?.available_payment_methods ?? []).filter(Boolean);
  const [sameAsShipping, setSameAsShipping] = useState(billing ? billing.sameAsShippingAddress !== false : true);
  const [code, setCode] = useState<string | null>(savedCode ?? methods[0]?.code ?? null);
  const chosen = code && methods.some((m) => m.code === code) ? code : (methods[0]?.code ?? null);

  // Billing address and payment method go together: a changed method is never lost.
  const submit = (address: Address | null) => {
    if (!chosen) return;
    checkout.send({
      type: 'checkout.billingAndPayment.submit',
      billingAddress: address ? { ...address, sameAsShippingAddress: false } : { sameAsShippingAddress: true },
      paymentMethod: { code: chosen },
    });
  };
  const continueLabel = intl.formatMessage({ id: 'checkout.payment.continue', defaultMessage: 'Review your order' });

  const paymentChoices = (
    <fieldset className={styles.choices} aria-describedby="payment-method-error">
      <legend className={styles.legend}>
        <FormattedMessage id="checkout.payment.legend" defaultMessage="Payment method" />
      </legend>
      {methods.map((method) => (
        <label key={method.code} className={styles.choice}>
          <input type="radio" name="payment-method" checked={chosen === method.code} onChange={() => setCode(method.code)} />
          <span className={styles.choiceText}>
            <span>{method.title ?? method.code}</span>
            {isHostedPayment(method.code) ? (
              <span className={styles.choiceNote}>
                <FormattedMessage id="checkout.payment.hosted" defaultMessage="You pay on the provider’s secure page after placing the order." />
              </span>
            ) : null}
          </span>
        </label>
      ))}
      {!methods.length ? (
        <p>
          <FormattedMessage id="checkout.payment.none" defaultMessage="No payment method is available for this cart." />
        </p>
      ) : null}
    </fieldset>
  );

  return (
    <div className={styles.choiceForm}>
      <StepError id="billing-address-error" error={billingError} />
      <StepError id="payment-method-error" error={paymentError} />
      <label className={styles.checkbox}>
        <input type="checkbox" checked={sameAsShipping} onChange={(event) => setSameAsShipping(event.target.checked)} />
        <FormattedMessage id="checkout.billing.same" defaultMessage="My billing address is the same as my shipping address" />
      </label>
      {sameAsShipping ? (
        <form
          className={styles.choiceForm}
          onSubmit={(event) => {
            event.preventDefault();
            submit(null);
          }}
        >
          {paymentChoices}
          <div className={styles.choiceActions}>
            <Button type="submit" priority="high" disabled={!chosen}>
              {continueLabel}
            </Button>
          </div>
        </form>
      ) : (
        <>
          {paymentChoices}
          <h3 className={styles.subTitle}>
            <FormattedMessage id="checkout.billing.title" defaultMessage="Billing address" />
          </h3>
          <AddressForm
            countries={countries}
            initial={billing && billing.sameAsShippingAddress === false ? billing : null}
            submitting={false}
            submitLabel={continueLabel}
            onSubmit={submit}
            errorId="billing-address-error"
          />
        </>
      )}
    </div>
  );
}
