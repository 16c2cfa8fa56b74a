import { useQuery } from '@apollo/client';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SavedFormActor } from '../../machines/account/saved-form.machine';
import { GET_ACCOUNT_CUSTOMER, type AccountCustomer } from '../../services/account/account.operations';
import { useShopPageActor } from '../app/shop-page-actors';
import { Button } from '../shared/button';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import { useSavedForm, useSavedFormMachine } from './account-forms';
import { AccountLayout } from './account-layout';
import styles from './account.module.css';
import { FormError, FormField, SavedStatus } from './form-field';

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
          <NameForm customer={customer} />
          <EmailForm email={customer.email ?? ''} />
          <PasswordForm email={customer.email ?? ''} />
        </>
      )}
    </AccountLayout>
  );
}

/** Each form of the page runs its own saved-form machine (spec §7 updateCustomerV2, updateCustomerEmail, changeCustomerPassword). */
function NameForm({ customer }: { customer: AccountCustomer }) {
  const actor = useShopPageActor(useSavedFormMachine('updateName'), {
    values: { firstname: customer.firstname ?? '', lastname: customer.lastname ?? '' },
    // The header greets the customer by name: the session reads the details again.
    refreshesCustomer: true,
    savedToast: 'detailsSaved',
  });
  return <NameFormView actor={actor} />;
}

export function NameFormView({ actor }: { actor: SavedFormActor }) {
  const intl = useIntl();
  const { saving, saved, error, text, change, submit } = useSavedForm(actor);
  return (
    <section className={styles.section} aria-labelledby="account-name">
      <h2 id="account-name" className={styles.sectionTitle}>
        <FormattedMessage id="account.info.nameTitle" defaultMessage="Name" />
      </h2>
      <form className={styles.form} onSubmit={submit} aria-describedby="account-name-error">
        <FormError id="account-name-error" message={error} />
        <div className={styles.grid2}>
          <FormField label={intl.formatMessage({ id: 'account.field.firstname', defaultMessage: 'First name' })} autoComplete="given-name" value={text('firstname')} onValue={change('firstname')} />
          <FormField label={intl.formatMessage({ id: 'account.field.lastname', defaultMessage: 'Last name' })} autoComplete="family-name" value={text('lastname')} onValue={change('lastname')} />
        </div>
        <div className={styles.actions}>
          <Button type="submit" priority="high" disabled={saving}>
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
  const actor = useShopPageActor(useSavedFormMachine('updateEmail'), {
    values: { email, password: '' },
    clearOnSave: ['password'],
    refreshesCustomer: true,
    savedToast: 'emailChanged',
  });
  return <EmailFormView actor={actor} email={email} />;
}

/** `email`: the account's address as saved (the button waits for another one). */
export function EmailFormView({ actor, email }: { actor: SavedFormActor; email: string }) {
  const intl = useIntl();
  const { saving, saved, error, text, change, submit } = useSavedForm(actor);
  return (
    <section className={styles.section} aria-labelledby="account-email">
      <h2 id="account-email" className={styles.sectionTitle}>
        <FormattedMessage id="account.info.emailTitle" defaultMessage="Email" />
      </h2>
      <form className={styles.form} onSubmit={submit} aria-describedby="account-email-error">
        <FormError id="account-email-error" message={error} />
        <FormField label={intl.formatMessage({ id: 'account.field.email', defaultMessage: 'Email' })} type="email" autoComplete="username" required value={text('email')} onValue={change('email')} />
        <FormField
          label={intl.formatMessage({ id: 'account.field.passwordToConfirm', defaultMessage: 'Password (to confirm the change)' })}
          type="password"
          autoComplete="current-password"
          required
          value={text('password')}
          onValue={change('password')}
        />
        <div className={styles.actions}>
          <Button type="submit" priority="normal" disabled={saving || text('email').trim() === email}>
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
  const actor = useShopPageActor(useSavedFormMachine('changePassword'), {
    values: { currentPassword: '', newPassword: '' },
    clearOnSave: ['currentPassword', 'newPassword'],
    savedToast: 'passwordChanged',
  });
  return <PasswordFormView actor={actor} email={email} />;
}

export function PasswordFormView({ actor, email }: { actor: SavedFormActor; email: string }) {
  const intl = useIntl();
  const { saving, saved, error, text, change, submit } = useSavedForm(actor);
  return (
    <section className={styles.section} aria-labelledby="account-password">
      <h2 id="account-password" className={styles.sectionTitle}>
        <FormattedMessage id="account.info.passwordTitle" defaultMessage="Password" />
      </h2>
      <form className={styles.form} onSubmit={submit} aria-describedby="account-password-error">
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <FormError id="account-password-error" message={error} />
        <FormField
          label={intl.formatMessage({ id: 'account.field.currentPassword', defaultMessage: 'Current password' })}
          type="password"
          autoComplete="current-password"
          value={text('currentPassword')}
          onValue={change('currentPassword')}
        />
        <FormField
          label={intl.formatMessage({ id: 'account.field.newPasswordChange', defaultMessage: 'New password' })}
          type="password"
          autoComplete="new-password"
          minLength={8}
          value={text('newPassword')}
          onValue={change('newPassword')}
          hint={intl.formatMessage({ id: 'account.password.rules', defaultMessage: 'At least 8 characters, with three of: lower case, upper case, digits, symbols.' })}
        />
        <div className={styles.actions}>
          <Button type="submit" priority="normal" disabled={saving}>
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
