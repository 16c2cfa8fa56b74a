import { useQuery } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { selectFormError, selectIsSaved, selectIsSaving, type SavedFormActor } from '../../machines/account/saved-form.machine';
import { GET_ACCOUNT_CUSTOMER } from '../../services/account/account.operations';
import { usePageActor } from '../app/page-actors';
import { AccountAlerts } from './account-alerts';
import { useSavedFormActor } from './account-forms';
import { AccountLayout } from './account-layout';
import styles from './account.module.css';
import { FormError } from './form-field';

/**
 * Communications `/communications` (signed in): the newsletter subscription, saved as it is ticked
 * (spec §7 updateCustomerV2), and the stock and price alerts saved in the account, each removable.
 */
export function CommunicationsPage() {
  const intl = useIntl();
  const { data, loading } = useQuery(GET_ACCOUNT_CUSTOMER, { fetchPolicy: 'cache-and-network' });
  const actor = useSavedFormActor('newsletterForm', { values: {}, savedToast: 'newsletterSaved' });
  const alerts = usePageActor('accountAlerts', {});
  return (
    <AccountLayout title={intl.formatMessage({ id: 'account.nav.communications', defaultMessage: 'Communications' })}>
      {actor ? <NewsletterChoice actor={actor} subscribed={Boolean(data?.customer?.is_subscribed)} loading={loading && !data} /> : null}
      {alerts ? <AccountAlerts actor={alerts} /> : null}
    </AccountLayout>
  );
}

/** `subscribed`: as the account has it (the mutation's answer updates it); `loading`: not known yet. */
export function NewsletterChoice({ actor, subscribed, loading }: { actor: SavedFormActor; subscribed: boolean; loading: boolean }) {
  const saving = useSelector(actor, selectIsSaving);
  const error = useSelector(actor, selectFormError);
  const savedChoice = useSelector(actor, (snapshot) => (selectIsSaved(snapshot) ? snapshot.context.values.isSubscribed === true : null));
  return (
    <>
      <FormError id="communications-error" message={error} />
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={subscribed}
          disabled={loading || saving}
          aria-describedby="communications-error"
          onChange={(event) => actor.send({ type: 'form.submit', values: { isSubscribed: event.target.checked } })}
        />
        <FormattedMessage id="account.communications.newsletter" defaultMessage="Send me the Lunette newsletter: new frames, offers and eye-care tips" />
      </label>
      <p role="status" className={savedChoice === null ? 'visually-hidden' : styles.success}>
        {savedChoice === true ? <FormattedMessage id="account.communications.subscribed" defaultMessage="You are subscribed to the newsletter." /> : null}
        {savedChoice === false ? (
          <FormattedMessage id="account.communications.unsubscribed" defaultMessage="You are no longer subscribed to the newsletter." />
        ) : null}
      </p>
    </>
  );
}
