import { useQuery } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { selectEmailWithAccount, selectIsSubmitting, selectShippingAddress, selectShippingAddressError } from '../../machines/checkout/checkout.machine';
import type { Address } from '../../machines/checkout/checkout.types';
import { Button } from '../shared/button';
import { useCheckoutActor } from '../app/shop-actor-hooks';
import { AddressForm } from './address-form';
import { AddressLines } from './address-lines';
import { GET_SAVED_ADDRESSES, type CountryOption, type SavedAddress } from './checkout-page.operations';
import styles from './checkout-page.module.css';
import { StepError } from './checkout-step';

export function savedAddressToAddress(saved: SavedAddress): Address {
  return {
    firstname: saved.firstname ?? '',
    lastname: saved.lastname ?? '',
    street: (saved.street ?? []).filter((line): line is string => Boolean(line)),
    city: saved.city ?? '',
    region: saved.region?.region ?? null,
    region_code: saved.region?.region_code ?? null,
    region_id: saved.region?.region_id ?? null,
    postcode: saved.postcode ?? '',
    country_id: saved.country_code ?? null,
    telephone: saved.telephone ?? '',
  };
}

/** The step's error line, which each way of choosing the address is described by. */
const ERROR_ID = 'shipping-address-error';

/** Step 1: where to ship. A guest gives an email (and is offered to sign in if it has an account). */
export function ShippingAddressStep({ countries, isSignedIn }: { countries: readonly CountryOption[]; isSignedIn: boolean }) {
  const intl = useIntl();
  const checkout = useCheckoutActor();
  const initial = useSelector(checkout, selectShippingAddress);
  const error = useSelector(checkout, selectShippingAddressError);
  const submitting = useSelector(checkout, selectIsSubmitting);
  const submit = (address: Address) => checkout.send({ type: 'checkout.shippingAddress.submit', address });
  const submitLabel = submitting
    ? intl.formatMessage({ id: 'checkout.submitting', defaultMessage: 'Saving…' })
    : intl.formatMessage({ id: 'checkout.shippingAddress.continue', defaultMessage: 'Continue to shipping method' });

  const form: AddressFormBasics = { countries, initial, submitting, submitLabel, onSubmit: submit, errorId: ERROR_ID };

  return (
    <>
      <StepError id={ERROR_ID} error={error} />
      {isSignedIn ? <SignedInShippingAddress {...form} /> : <GuestShippingAddress {...form} />}
    </>
  );
}

/** What the step gives its address form, whether a guest's or a signed-in customer's. */
interface AddressFormBasics {
  countries: readonly CountryOption[];
  initial: Address | null;
  submitting: boolean;
  submitLabel: string;
  onSubmit: (address: Address) => void;
  errorId: string;
}

/** A guest's email is checked by the checkout machine; one that has an account gets a hint here and a toast. */
function GuestShippingAddress(form: AddressFormBasics) {
  const checkout = useCheckoutActor();
  const checkedEmail = useSelector(checkout, selectEmailWithAccount);
  const hasAccount = checkedEmail !== null;
  return (
    <AddressForm
      {...form}
      withEmail
      onEmailBlur={(email) => checkout.send({ type: 'checkout.email.check', email })}
      emailHint={
        hasAccount ? (
          <p role="status" className={styles.emailHint}>
            <FormattedMessage
              id="checkout.email.hasAccount"
              defaultMessage="{email} already has an account. <link>Sign in</link> to use your saved addresses, or continue as a guest."
              values={{
                email: checkedEmail,
                link: (text) => (
                  <Link to="/sign-in" state={{ from: '/checkout', email: checkedEmail }}>
                    {text}
                  </Link>
                ),
              }}
            />
          </p>
        ) : (
          <p className={styles.emailHint}>
            <FormattedMessage id="checkout.email.why" defaultMessage="Your order confirmation is sent here." />
          </p>
        )
      }
    />
  );
}

function SignedInShippingAddress(form: AddressFormBasics) {
  const { initial, submitting, submitLabel, onSubmit } = form;
  const intl = useIntl();
  const { data, loading } = useQuery(GET_SAVED_ADDRESSES, { fetchPolicy: 'cache-and-network' });
  const saved = (data?.customer?.addresses ?? []).filter((a): a is SavedAddress => a !== null && a.id !== null);
  const defaultId = saved.find((a) => a.default_shipping)?.id ?? saved[0]?.id ?? null;
  const [choice, setChoice] = useState<number | 'new' | null>(null);
  const chosen = choice ?? (initial ? 'new' : defaultId);
  if (loading && !data) return <p role="status">{intl.formatMessage({ id: 'checkout.addresses.loading', defaultMessage: 'Loading your addresses…' })}</p>;
  if (!saved.length || chosen === 'new' || chosen === null) {
    return (
      <>
        {saved.length ? (
          <Button priority="low" onClick={() => setChoice(defaultId)}>
            <FormattedMessage id="checkout.addresses.useSaved" defaultMessage="Use a saved address" />
          </Button>
        ) : null}
        <AddressForm {...form} />
      </>
    );
  }
  const picked = saved.find((a) => a.id === chosen) ?? saved[0]!;
  return (
    <form
      className={styles.choiceForm}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(savedAddressToAddress(picked));
      }}
    >
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>
          <FormattedMessage id="checkout.addresses.legend" defaultMessage="Ship to a saved address" />
        </legend>
        {saved.map((address) => (
          <label key={address.id} className={styles.choice}>
            <input type="radio" name="saved-address" checked={address.id === picked.id} onChange={() => setChoice(address.id)} />
            <AddressLines address={savedAddressToAddress(address)} />
          </label>
        ))}
      </fieldset>
      <div className={styles.choiceActions}>
        <Button type="submit" priority="high" disabled={submitting} aria-describedby={form.errorId}>
          {submitLabel}
        </Button>
        <Button priority="low" onClick={() => setChoice('new')}>
          <FormattedMessage id="checkout.addresses.new" defaultMessage="Ship to a new address" />
        </Button>
      </div>
    </form>
  );
}
