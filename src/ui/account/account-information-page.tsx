import { useQuery } from '@apollo/client';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SavedFormActor } from '../../machines/account/saved-form.machine';
import { GET_ACCOUNT_CUSTOMER, type AccountCustomer } from '../../services/account/account.operations';
import { Button } from '../shared/button';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import { SummaryBlock } from '../shared/summary-block';
import { useSavedForm, useSavedFormActor } from './account-forms';
import { AccountLayout } from './account-layout';
import styles from './account.module.css';
import { EmailField, FormError, FormField, NameFields, NewPasswordField, SavedStatus } from './form-field';
import { shopperMessageOf } from '../shared/shopper-message';

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
          <Shimmer type="textInput" width="100%" style={{ marginTop: 'var(--space-4)' }} />
        </LoadingRegion>
      ) : !customer ? (
        <p role="alert" className={styles.error}>
          {shopperMessageOf(error, intl)}
        </p>
      ) : (
        <div className={styles.blocks}>
          <NameForm customer={customer} />
          <EmailForm email={customer.email ?? ''} />
          <PasswordForm email={customer.email ?? ''} />
        </div>
      )}
    </AccountLayout>
  );
}

/** Each form of the page runs its own saved-form machine (spec §7 updateCustomerV2, updateCustomerEmail, changeCustomerPassword). */
function NameForm({ customer }: { customer: AccountCustomer }) {
  const actor = useSavedFormActor('nameForm', {
    values: { firstname: customer.firstname ?? '', lastname: customer.lastname ?? '' },
    // The header greets the customer by name: the session reads the details again.
    refreshesCustomer: true,
    savedToast: 'detailsSaved',
  });
  return actor ? <NameFormView actor={actor} /> : null;
}

export function NameFormView({ actor }: { actor: SavedFormActor }) {
  const form = useSavedForm(actor);
  return (
    <AccountFormSection
      id="account-name"
      title={<FormattedMessage id="account.info.nameTitle" defaultMessage="Name" />}
      form={form}
      submitPriority="high"
      submitLabel={<FormattedMessage id="account.info.save" defaultMessage="Save changes" />}
      savedMessage={<FormattedMessage id="account.info.saved" defaultMessage="Your details are saved." />}
    >
      <NameFields
        firstname={form.text('firstname')}
        lastname={form.text('lastname')}
        onFirstname={form.change('firstname')}
        onLastname={form.change('lastname')}
      />
    </AccountFormSection>
  );
}

/** Magento's updateCustomerEmail: the new address, confirmed with the account's password. */
function EmailForm({ email }: { email: string }) {
  const actor = useSavedFormActor('emailForm', {
    values: { email, password: '' },
    clearOnSave: ['password'],
    refreshesCustomer: true,
    savedToast: 'emailChanged',
  });
  return actor ? <EmailFormView actor={actor} email={email} /> : null;
}

/** `email`: the account's address as saved (the button waits for another one). */
export function EmailFormView({ actor, email }: { actor: SavedFormActor; email: string }) {
  const intl = useIntl();
  const form = useSavedForm(actor);
  return (
    <AccountFormSection
      id="account-email"
      title={<FormattedMessage id="account.info.emailTitle" defaultMessage="Email" />}
      form={form}
      submitDisabled={form.text('email').trim() === email}
      submitLabel={<FormattedMessage id="account.info.changeEmail" defaultMessage="Change email" />}
      savedMessage={<FormattedMessage id="account.info.emailSaved" defaultMessage="Your email is changed: sign in with it from now on." />}
    >
      <EmailField autoComplete="username" required {...form.bind('email')} />
      <FormField
        label={intl.formatMessage({ id: 'account.field.passwordToConfirm', defaultMessage: 'Password (to confirm the change)' })}
        type="password"
        autoComplete="current-password"
        required
        {...form.bind('password')}
      />
    </AccountFormSection>
  );
}

function PasswordForm({ email }: { email: string }) {
  const actor = useSavedFormActor('passwordForm', {
    values: { currentPassword: '', newPassword: '' },
    clearOnSave: ['currentPassword', 'newPassword'],
    savedToast: 'passwordChanged',
  });
  return actor ? <PasswordFormView actor={actor} email={email} /> : null;
}

export function PasswordFormView({ actor, email }: { actor: SavedFormActor; email: string }) {
  const intl = useIntl();
  const form = useSavedForm(actor);
  return (
    <AccountFormSection
      id="account-password"
      username={email}
      title={<FormattedMessage id="account.info.passwordTitle" defaultMessage="Password" />}
      form={form}
      submitLabel={<FormattedMessage id="account.info.changePassword" defaultMessage="Change password" />}
      savedMessage={<FormattedMessage id="account.info.passwordSaved" defaultMessage="Your password is changed." />}
    >
      <FormField
        label={intl.formatMessage({ id: 'account.field.currentPassword', defaultMessage: 'Current password' })}
        type="password"
        autoComplete="current-password"
        {...form.bind('currentPassword')}
      />
      <NewPasswordField label={intl.formatMessage({ id: 'account.field.newPasswordChange', defaultMessage: 'New password' })} {...form.bind('newPassword')} />
    </AccountFormSection>
  );
}

interface AccountFormSectionProps {
  /** The heading's id; the form's error is `${id}-error`. */
  id: string;
  title: ReactNode;
  form: ReturnType<typeof useSavedForm>;
  /** The account's email, for password managers (a password form). */
  username?: string;
  submitPriority?: 'high' | 'normal';
  /** Besides saving: when the button waits (nothing changed yet). */
  submitDisabled?: boolean;
  submitLabel: ReactNode;
  savedMessage: ReactNode;
  children: ReactNode;
}

/** One form of the page, as a summary block: its heading, its error, its fields, its button and its saved status. */
function AccountFormSection({
  id,
  title,
  form,
  username,
  submitPriority = 'normal',
  submitDisabled = false,
  submitLabel,
  savedMessage,
  children,
}: AccountFormSectionProps) {
  return (
    <SummaryBlock level={2} headingId={id} title={title}>
      <form className={styles.form} onSubmit={form.submit} aria-describedby={`${id}-error`}>
        {username === undefined ? null : <input type="hidden" name="username" autoComplete="username" value={username} />}
        <FormError id={`${id}-error`} message={form.error} />
        {children}
        <div className={styles.actions}>
          <Button type="submit" priority={submitPriority} disabled={form.saving || submitDisabled}>
            {submitLabel}
          </Button>
          <SavedStatus saved={form.saved}>{savedMessage}</SavedStatus>
        </div>
      </form>
    </SummaryBlock>
  );
}
