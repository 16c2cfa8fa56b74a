import { useQuery } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { selectCartDetails, selectCartId, selectIsEmpty, selectIsLoading, selectNumItems } from '../../machines/cart/cart.machine';
import {
  selectBillingAddress,
  selectCanEditSteps,
  selectHasReceipt,
  selectIsAddressingReceipt,
  selectIsRedirecting,
  selectIsRestoring,
  selectReceiptAddress,
  selectPaymentCode,
  selectShippingAddress,
  selectStep,
  type CheckoutSnapshot,
} from '../../machines/checkout/checkout.machine';
import { CHECKOUT_STEPS, type CheckoutStep as Step } from '../../machines/checkout/checkout.context';
import { stepOfSearch } from '../../machines/shared/step-history';
import { usePoppedStep } from '../shared/use-popped-step';
import type { Country } from '../../machines/checkout/checkout.types';
import { selectIsSignedIn, type SessionSnapshot } from '../../machines/session/session.machine';
import { CartShimmer, EmptyCart } from '../cart';
import { CartItemsSummary, PriceSummary } from '../cart';
import { useCartActor, useCheckoutActor, useSessionActor } from '../app/shop-actor-hooks';
import { buttonClassName } from '../shared/button';
import { PageHeading } from '../shared/page-heading';
import { Stepper } from '../shared/stepper';
import { SummaryBlock } from '../shared/summary-block';
import { shopperMessageOf } from '../shared/shopper-message';
import { useDocumentTitle } from '../shared/use-document-title';
import { AddressLines } from './address-lines';
import { BillingPaymentStep } from './billing-payment-step';
import { GET_COUNTRIES, countryOptionsOf, type CountryOption } from './checkout-page.operations';
import styles from './checkout-page.module.css';
import { CheckoutReceipt } from './checkout-receipt';
import { CheckoutStep, type StepStatus } from './checkout-step';
import { ReviewStep, type ReviewBlock } from './review-step';
import { ShippingAddressStep } from './shipping-address-step';
import { ShippingMethodStep } from './shipping-method-step';

const STEPS: Step[] = ['shippingAddress', 'shippingMethod', 'billingAndPayment', 'review'];
const STEP_TITLES = defineMessages({
  shippingAddress: { id: 'checkout.step.shippingAddress', defaultMessage: 'Shipping address' },
  shippingMethod: { id: 'checkout.step.shippingMethod', defaultMessage: 'Shipping method' },
  billingAndPayment: { id: 'checkout.step.payment', defaultMessage: 'Billing and payment' },
  review: { id: 'checkout.step.review', defaultMessage: 'Place your order' },
});
const selectShippingMethodLabel = (snapshot: CheckoutSnapshot) => {
  const method = snapshot.context.selectedShippingMethod;
  return method ? [method.carrier_title, method.method_title].filter(Boolean).join(' — ') : null;
};
const selectSessionSettled = (snapshot: SessionSnapshot) => !snapshot.matches({ auth: 'loading' });

function statusOf(step: Step, current: Step | null): StepStatus {
  if (!current) return 'upcoming';
  const [index, currentIndex] = [STEPS.indexOf(step), STEPS.indexOf(current)];
  return index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'upcoming';
}

/**
 * Checkout `/checkout` (spec §2 "Checkout flow", §4 "Checkout"): shipping address → shipping
 * method → billing and payment → place order → receipt. The page tells the checkout machine what
 * it knows (`checkout.open`: the cart, the shopper, the countries) and that it is left
 * (`checkout.close`); the machine decides to begin, to go on where it was, or to end a receipt,
 * and restores what browser storage holds, so a reload resumes at the same step.
 */
export function CheckoutPage() {
  const intl = useIntl();
  const cart = useCartActor();
  const checkout = useCheckoutActor();
  const session = useSessionActor();
  const cartId = useSelector(cart, selectCartId);
  const cartIsEmpty = useSelector(cart, selectIsEmpty);
  const cartLoading = useSelector(cart, selectIsLoading);
  const details = useSelector(cart, selectCartDetails);
  const numItems = useSelector(cart, selectNumItems);
  const isSignedIn = useSelector(session, selectIsSignedIn);
  const sessionSettled = useSelector(session, selectSessionSettled);
  const step = useSelector(checkout, selectStep);
  const hasReceipt = useSelector(checkout, selectHasReceipt);
  const restoring = useSelector(checkout, selectIsRestoring);
  const receiptAddress = useSelector(checkout, selectReceiptAddress);
  const addressingReceipt = useSelector(checkout, selectIsAddressingReceipt);
  const redirecting = useSelector(checkout, selectIsRedirecting);
  const countriesQuery = useQuery(GET_COUNTRIES);
  const countries = useMemo(() => countryOptionsOf(countriesQuery.data), [countriesQuery.data]);
  const machineCountries = useMemo<Country[] | null>(
    () => (countriesQuery.data ? countries.map((c) => ({ id: c.id, available_regions: (c.available_regions ?? []).flatMap((r) => (r ? [r] : [])) })) : null),
    [countriesQuery.data, countries],
  );
  useDocumentTitle(intl.formatMessage({ id: 'checkout.title', defaultMessage: 'Checkout' }));

  // The step the URL names (a reload): the machine opens it when it begins, if it can (ADR 008).
  const [search] = useSearchParams();
  const urlStep = stepOfSearch(search, CHECKOUT_STEPS);
  const firstUrlStep = useRef(urlStep);
  // What the page knows goes to the machine, which decides (spec §4 "begin").
  useEffect(() => {
    checkout.send({ type: 'checkout.open', cartId, isSignedIn: sessionSettled ? isSignedIn : null, countries: machineCountries, step: firstUrlStep.current });
  }, [checkout, cartId, isSignedIn, sessionSettled, machineCountries]);
  // Back and Forward between the steps (ADR 008): the checkout opens the step if it can.
  const onPoppedStep = useCallback((to: Step) => checkout.send({ type: 'checkout.history.step', step: to }), [checkout]);
  usePoppedStep(CHECKOUT_STEPS, onPoppedStep);
  useEffect(() => () => checkout.send({ type: 'checkout.close' }), [checkout]);

  // Spec §2 /success: the receipt has an address of its own (a reload keeps it); /checkout leaves the history.
  if (receiptAddress) return <Navigate to={receiptAddress.path} replace state={receiptAddress.state} />;
  if (hasReceipt) return <CheckoutReceipt naming={addressingReceipt} />;

  const heading = (
    <PageHeading className={styles.title}>
      <FormattedMessage id="checkout.title" defaultMessage="Checkout" />
    </PageHeading>
  );
  if (cartIsEmpty && !cartLoading && !redirecting) {
    return (
      <div className={styles.page}>
        {heading}
        <EmptyCart />
      </div>
    );
  }
  if (countriesQuery.error && !countriesQuery.data) {
    return (
      <div className={styles.page}>
        {heading}
        <p role="alert">{shopperMessageOf(countriesQuery.error, intl)}</p>
      </div>
    );
  }
  const ready = step !== null && !restoring;
  return (
    <div className={styles.page}>
      {heading}
      <div className={styles.layout}>
        <div className={styles.steps}>
          {redirecting ? (
            <p role="status" className={styles.redirecting}>
              <FormattedMessage id="checkout.order.toProvider" defaultMessage="Taking you to the payment page…" />
            </p>
          ) : !ready ? (
            <CartShimmer />
          ) : (
            <>
              {/* The design system's stepper: where the shopper is in the checkout, at a glance. */}
              <Stepper
                label={intl.formatMessage({ id: 'checkout.stepper', defaultMessage: 'Checkout steps' })}
                steps={STEPS.map((key) => ({ key, label: intl.formatMessage(STEP_TITLES[key]) }))}
                current={step}
              />
              <Steps step={step} countries={countries} isSignedIn={isSignedIn} />
            </>
          )}
        </div>
        <aside className={styles.aside} aria-label={intl.formatMessage({ id: 'checkout.summaryLabel', defaultMessage: 'Order summary' })}>
          {/* The items as a summary block with the way back to the cart; the prices as the cart's summary. */}
          <SummaryBlock
            level={2}
            title={intl.formatMessage({ id: 'checkout.summary.itemsTitle', defaultMessage: 'Your items' })}
            action={
              <Link to="/cart" className={buttonClassName({ priority: 'low' }, styles.editCart)}>
                <FormattedMessage id="checkout.editCart" defaultMessage="Edit cart" />
              </Link>
            }
          >
            <p className={styles.itemCount}>
              <FormattedMessage id="cart.itemCount" defaultMessage="{count, plural, one {# item} other {# items}}" values={{ count: numItems }} />
            </p>
            <CartItemsSummary />
          </SummaryBlock>
          {details ? <PriceSummary details={details} atCheckout /> : null}
        </aside>
      </div>
    </div>
  );
}

const CHANGE_LABELS = defineMessages({
  shippingAddress: { id: 'checkout.change.shippingAddress', defaultMessage: 'Change shipping address' },
  shippingMethod: { id: 'checkout.change.shippingMethod', defaultMessage: 'Change shipping method' },
  billingAndPayment: { id: 'checkout.change.payment', defaultMessage: 'Change billing and payment' },
});

function Steps({ step, countries, isSignedIn }: { step: Step; countries: readonly CountryOption[]; isSignedIn: boolean }) {
  const intl = useIntl();
  const checkout = useCheckoutActor();
  const details = useSelector(useCartActor(), selectCartDetails);
  const shippingAddress = useSelector(checkout, selectShippingAddress);
  const methodLabel = useSelector(checkout, selectShippingMethodLabel);
  const billing = useSelector(checkout, selectBillingAddress);
  const paymentCode = useSelector(checkout, selectPaymentCode);
  const paymentTitle = details?.available_payment_methods?.find((m) => m?.code === paymentCode)?.title ?? paymentCode;
  const canEdit = useSelector(checkout, selectCanEditSteps);
  // At the review the chosen address, method and payment are its summary blocks, each
  // with its own "Change …" button; the done steps above keep just their headings.
  const reviewing = step === 'review';
  const edit = (to: Exclude<Step, 'review'>) => (canEdit ? () => checkout.send({ type: 'checkout.edit', step: to }) : undefined);
  const summaries: Record<Exclude<Step, 'review'>, ReactNode> = {
    shippingAddress: shippingAddress ? <AddressLines address={shippingAddress} /> : null,
    shippingMethod: methodLabel ? <p>{methodLabel}</p> : null,
    billingAndPayment: (
      <>
        <p>{paymentTitle}</p>
        {billing && billing.sameAsShippingAddress === false ? (
          <AddressLines address={billing} />
        ) : (
          <p>
            <FormattedMessage id="checkout.billing.sameSummary" defaultMessage="Billing address: same as shipping" />
          </p>
        )}
      </>
    ),
  };
  const stepProps = (key: Exclude<Step, 'review'>, number: number) => ({
    number,
    title: intl.formatMessage(STEP_TITLES[key]),
    status: statusOf(key, step),
    summary: reviewing ? null : summaries[key],
    onEdit: reviewing ? undefined : edit(key),
    editLabel: intl.formatMessage(CHANGE_LABELS[key]),
  });
  const blocks: ReviewBlock[] = (['shippingAddress', 'shippingMethod', 'billingAndPayment'] as const).map((key) => ({
    key,
    title: intl.formatMessage(STEP_TITLES[key]),
    content: summaries[key],
    onChange: edit(key),
    changeLabel: intl.formatMessage(CHANGE_LABELS[key]),
  }));
  return (
    <ol className={styles.stepList}>
      <li>
        <CheckoutStep {...stepProps('shippingAddress', 1)}>
          <ShippingAddressStep countries={countries} isSignedIn={isSignedIn} />
        </CheckoutStep>
      </li>
      <li>
        <CheckoutStep {...stepProps('shippingMethod', 2)}>
          <ShippingMethodStep />
        </CheckoutStep>
      </li>
      <li>
        <CheckoutStep {...stepProps('billingAndPayment', 3)}>
          <BillingPaymentStep countries={countries} />
        </CheckoutStep>
      </li>
      <li>
        <CheckoutStep number={4} title={intl.formatMessage(STEP_TITLES.review)} status={statusOf('review', step)}>
          <ReviewStep blocks={blocks} />
        </CheckoutStep>
      </li>
    </ol>
  );
}
