import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { selectCreateAccountError, selectIsSignedIn, selectIsSigningIn } from '../../machines/session/session.machine';
import { useSessionActor } from '../app/shop-actor-hooks';
import { FormPage } from './account-layout';
import styles from './account.module.css';
import { EmailField, FormError, FormSubmit, NameFields, NewPasswordField, OtherFormLink } from './form-field';
import { returnPathOf } from './sign-in-page';

/**
 * Create account `/create-account` (spec §2): after an order a guest arrives with email, firstName
 * and lastName in the query, and the form starts filled with them.
 */
export function CreateAccountPage() {
  const intl = useIntl();
  const session = useSessionActor();
  const signedIn = useSelector(session, selectIsSignedIn);
  const creating = useSelector(session, selectIsSigningIn);
  const error = useSelector(session, selectCreateAccountError);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [firstname, setFirstname] = useState(params.get('firstName') ?? '');
  const [lastname, setLastname] = useState(params.get('lastName') ?? '');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [subscribe, setSubscribe] = useState(false);
  const destination = returnPathOf(location.state, '/account-information');

  useEffect(() => {
    if (signedIn) void navigate(destination, { replace: true });
  }, [signedIn, destination, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    session.send({
      type: 'session.createAccount',
      account: { firstname: firstname.trim(), lastname: lastname.trim(), email: email.trim(), password, is_subscribed: subscribe },
    });
  };
  return (
    <FormPage title={intl.formatMessage({ id: 'account.create.title', defaultMessage: 'Create an account' })}>
      <form className={styles.form} onSubmit={submit} aria-describedby="create-account-error">
        <FormError id="create-account-error" message={error} />
        <NameFields firstname={firstname} lastname={lastname} onFirstname={setFirstname} onLastname={setLastname} />
        <EmailField value={email} onValue={setEmail} />
        <NewPasswordField label={intl.formatMessage({ id: 'account.field.newPassword', defaultMessage: 'Password' })} value={password} onValue={setPassword} />
        <label className={styles.checkbox}>
          <input type="checkbox" checked={subscribe} onChange={(event) => setSubscribe(event.target.checked)} />
          <FormattedMessage id="account.create.newsletter" defaultMessage="Send me the newsletter" />
        </label>
        <FormSubmit
          busy={creating}
          label={intl.formatMessage({ id: 'account.create.submit', defaultMessage: 'Create account' })}
          busyLabel={intl.formatMessage({ id: 'account.create.creating', defaultMessage: 'Creating your account…' })}
        />
      </form>
      <OtherFormLink
        prompt={<FormattedMessage id="account.create.haveAccount" defaultMessage="Already have an account?" />}
        to="/sign-in"
        state={location.state}
      >
        <FormattedMessage id="account.signIn.submit" defaultMessage="Sign in" />
      </OtherFormLink>
    </FormPage>
  );
}
