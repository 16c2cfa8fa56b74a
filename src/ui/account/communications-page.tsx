import { useMutation, useQuery } from '@apollo/client';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AccountLayout } from './account-layout';
import { GET_ACCOUNT_CUSTOMER, UPDATE_CUSTOMER } from './account.operations';
import styles from './account.module.css';
import { FormError } from './form-field';

/** Communications `/communications` (signed in): the newsletter subscription. */
export function CommunicationsPage() {
  const intl = useIntl();
  const { data, loading } = useQuery(GET_ACCOUNT_CUSTOMER, { fetchPolicy: 'cache-and-network' });
  const [update, updating] = useMutation(UPDATE_CUSTOMER);
  const [saved, setSaved] = useState<boolean | null>(null);
  const subscribed = Boolean(data?.customer?.is_subscribed);
  const toggle = async (next: boolean) => {
    setSaved(null);
    try {
      await update({ variables: { isSubscribed: next } });
      setSaved(next);
    } catch {
      // Shown from `updating.error`.
    }
  };
  return (
    <AccountLayout title={intl.formatMessage({ id: 'account.nav.communications', defaultMessage: 'Communications' })}>
      <FormError id="communications-error" message={updating.error?.message} />
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={subscribed}
          disabled={(loading && !data) || updating.loading}
          aria-describedby="communications-error"
          onChange={(event) => void toggle(event.target.checked)}
        />
        <FormattedMessage id="account.communications.newsletter" defaultMessage="Send me the Lunette newsletter: new frames, offers and eye-care tips" />
      </label>
      <p role="status" className={saved === null ? 'visually-hidden' : styles.success}>
        {saved === true ? <FormattedMessage id="account.communications.subscribed" defaultMessage="You are subscribed to the newsletter." /> : null}
        {saved === false ? <FormattedMessage id="account.communications.unsubscribed" defaultMessage="You are no longer subscribed to the newsletter." /> : null}
      </p>
    </AccountLayout>
  );
}
