import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { selectCreateAccountError, selectIsSignedIn, selectIsSigningIn } from '../../machines/session/session.machine';
import { Button } from '../shared/button';
import { useSessionActor } from '../app/shop-actor-hooks';
import { FormPage } from './account-layout';
import styles from './account.module.css';
import { FormError, FormField } from './form-field';
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
    session.send({ type: 'session.createAccount', account: { firstname: firstname.trim(), lastname: lastname.trim(), email: email.trim(), password, is_subscribed: subscribe } });
  };
  return (
    <FormPage title={intl.formatMessage({ id: 'account.create.title', defaultMessage: 'Create an account' })}>
      <form className={styles.form} onSubmit={submit} aria-describedby="create-account-error">
        <FormError id="create-account-error" message={error?.message} />
        <div className={styles.grid2}>
          <FormField label={intl.formatMessage({ id: 'account.field.firstname', defaultMessage: 'First name' })} autoComplete="given-name" value={firstname} onValue={setFirstname} />
          <FormField label={intl.formatMessage({ id: 'account.field.lastname', defaultMessage: 'Last name' })} autoComplete="family-name" value={lastname} onValue={setLastname} />
        </div>
        <FormField label={intl.formatMessage({ id: 'account.field.email', defaultMessage: 'Email' })} type="email" autoComplete="email" value={email} onValue={setEmail} />
        <FormField
          label={intl.formatMessage({ id: 'account.field.newPassword', defaultMessage: 'Password' })}
          type="password"
          autoComplete="new-password"
          minLength={8}
          value={password}
          onValue={setPassword}
          hint={intl.formatMessage({ id: 'account.password.rules', defaultMessage: 'At least 8 characters, with three of: lower case, upper case, digits, symbols.' })}
        />
        <label className={styles.checkbox}>
          <input type="checkbox" checked={subscribe} onChange={(event) => setSubscribe(event.target.checked)} />
          <FormattedMessage id="account.create.newsletter" defaultMessage="Send me the newsletter" />
        </label>
        <div className={styles.actions}>
          <Button type="submit" priority="high" disabled={creating}>
            {creating ? intl.formatMessage({ id: 'account.create.creating', defaultMessage: 'Creating your account…' }) : intl.formatMessage({ id: 'account.create.submit', defaultMessage: 'Create account' })}
          </Button>
        </div>
      </form>
      <div className={styles.links}>
        <p>
          <FormattedMessage id="account.create.haveAccount" defaultMessage="Already have an account?" />{' '}
          <Link to="/sign-in" state={location.state}>
            <FormattedMessage id="account.signIn.submit" defaultMessage="Sign in" />
          </Link>
        </p>
      </div>
    </FormPage>
  );
}
