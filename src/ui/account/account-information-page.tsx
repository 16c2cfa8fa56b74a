import { useMutation, useQuery } from '@apollo/client';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../shared/button';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import { useSessionActor } from '../cart/shop-actor-hooks';
import { AccountLayout } from './account-layout';
import { CHANGE_PASSWORD, GET_ACCOUNT_CUSTOMER, UPDATE_CUSTOMER, UPDATE_CUSTOMER_EMAIL, type AccountCustomer } from './account.operations';
import styles from './account.module.css';
import { FormError, FormField, SavedStatus, useSavedSubmit } from './form-field';

/** Account information `/account-information` (signed in): name, email, password. */
export function AccountInformationPage() {
  const intl = useIntl();
  const { data, loading, error } = useQuery(GET_ACCOUNT_CUSTOMER, { fetchPolicy: 'cache-and-network' });
  const customer = data?.customer ?? null;
  return (
    <AccountLayout title={intl.formatMessage({ id: 'account.nav.accountInformation', defaultMessage: 'Account information' })}>
      {loading && !customer ? (
        <LoadingRegion label={intl.formatMessage({ id: 'account.info.loading', defaultMessage: 'Loading your details…' })}>
          <Shimmer type="textInput" width="100%" />
          <Shimmer type="textInput" width="100%" style={{ marginTop: '1rem' }} />
        </LoadingRegion>
      ) : !customer ? (
        <p role="alert" className={styles.error}>
          {error?.message}
        </p>
      ) : (
        <>
          <NameForm key={`${customer.firstname}-${customer.lastname}`} customer={customer} />
          <EmailForm email={customer.email ?? ''} />
          <PasswordForm email={customer.email ?? ''} />
        </>
      )}
    </AccountLayout>
  );
}

function NameForm({ customer }: { customer: AccountCustomer }) {
  const intl = useIntl();
  const session = useSessionActor();
  const [firstname, setFirstname] = useState(customer.firstname ?? '');
  const [lastname, setLastname] = useState(customer.lastname ?? '');
  const [update, { loading, error }] = useMutation(UPDATE_CUSTOMER);
  const { saved, submit } = useSavedSubmit(async () => {
    await update({ variables: { firstname: firstname.trim(), lastname: lastname.trim() } });
    // The header greets the customer by name: the session reads the details again.
    session.send({ type: 'session.getDetails' });
  });
  return (
    <section className={styles.section} aria-labelledby="account-name">
      <h2 id="account-name" className={styles.sectionTitle}>
        <FormattedMessage id="account.info.nameTitle" defaultMessage="Name" />
      </h2>
      <form className={styles.form} onSubmit={submit} aria-describedby="account-name-error">
        <FormError id="account-name-error" message={error?.message} />
        <div className={styles.grid2}>
          <FormField label={intl.formatMessage({ id: 'account.field.firstname', defaultMessage: 'First name' })} autoComplete="given-name" value={firstname} onValue={setFirstname} />
          <FormField label={intl.formatMessage({ id: 'account.field.lastname', defaultMessage: 'Last name' })} autoComplete="family-name" value={lastname} onValue={setLastname} />
        </div>
        <div className={styles.actions}>
          <Button type="submit" priority="high" disabled={loading}>
            <FormattedMessage id="account.info.save" defaultMessage="Save changes" />
          </Button>
          <SavedStatus saved={saved}>
            <FormattedMessage id="account.info.saved" defaultMessage="Your details are saved." />
          </SavedStatus>
        </div>
      </form>
    </section>
  );
}

/** Magento's updateCustomerEmail: the new address, confirmed with the account's password. */
function EmailForm({ email }: { email: string }) {
  const intl = useIntl();
  const session = useSessionActor();
  const [next, setNext] = useState(email);
  const [password, setPassword] = useState('');
  const [change, { loading, error }] = useMutation(UPDATE_CUSTOMER_EMAIL);
  const { saved, submit } = useSavedSubmit(async () => {
    await change({ variables: { email: next.trim(), password } });
    setPassword('');
    session.send({ type: 'session.getDetails' });
  });
  return (
    <section className={styles.section} aria-labelledby="account-email">
      <h2 id="account-email" className={styles.sectionTitle}>
        <FormattedMessage id="account.info.emailTitle" defaultMessage="Email" />
      </h2>
      <form className={styles.form} onSubmit={submit} aria-describedby="account-email-error">
        <FormError id="account-email-error" message={error?.message} />
        <FormField label={intl.formatMessage({ id: 'account.field.email', defaultMessage: 'Email' })} type="email" autoComplete="username" required value={next} onValue={setNext} />
        <FormField
          label={intl.formatMessage({ id: 'account.field.passwordToConfirm', defaultMessage: 'Password (to confirm the change)' })}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValue={setPassword}
        />
        <div className={styles.actions}>
          <Button type="submit" priority="normal" disabled={loading || next.trim() === email}>
            <FormattedMessage id="account.info.changeEmail" defaultMessage="Change email" />
          </Button>
          <SavedStatus saved={saved}>
            <FormattedMessage id="account.info.emailSaved" defaultMessage="Your email is changed: sign in with it from now on." />
          </SavedStatus>
        </div>
      </form>
    </section>
  );
}

function PasswordForm({ email }: { email: string }) {
  const intl = useIntl();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [change, { loading, error }] = useMutation(CHANGE_PASSWORD);
  const { saved, submit } = useSavedSubmit(async () => {
    await change({ variables: { currentPassword: current, newPassword: next } });
    setCurrent('');
    setNext('');
  });
  return (
    <section className={styles.section} aria-labelledby="account-password">
      <h2 id="account-password" className={styles.sectionTitle}>
        <FormattedMessage id="account.info.passwordTitle" defaultMessage="Password" />
      </h2>
      <form className={styles.form} onSubmit={submit} aria-describedby="account-password-error">
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <FormError id="account-password-error" message={error?.message} />
        <FormField label={intl.formatMessage({ id: 'account.field.currentPassword', defaultMessage: 'Current password' })} type="password" autoComplete="current-password" value={current} onValue={setCurrent} />
        <FormField
          label={intl.formatMessage({ id: 'account.field.newPasswordChange', defaultMessage: 'New password' })}
          type="password"
          autoComplete="new-password"
          minLength={8}
          value={next}
          onValue={setNext}
          hint={intl.formatMessage({ id: 'account.password.rules', defaultMessage: 'At least 8 characters, with three of: lower case, upper case, digits, symbols.' })}
        />
        <div className={styles.actions}>
          <Button type="submit" priority="normal" disabled={loading}>
            <FormattedMessage id="account.info.changePassword" defaultMessage="Change password" />
          </Button>
          <SavedStatus saved={saved}>
            <FormattedMessage id="account.info.passwordSaved" defaultMessage="Your password is changed." />
          </SavedStatus>
        </div>
      </form>
    </section>
  );
}
