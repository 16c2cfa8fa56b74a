import { useQuery } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { selectAccountAlertsError, selectRemovingAlertId, type AccountAlertsActor } from '../../machines/account/account-alerts.machine';
import { Button } from '../shared/button';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import { GET_ACCOUNT_ALERTS, type AccountAlert } from './account.operations';
import styles from './account.module.css';
import { FormError } from './form-field';

const pathOf = (frame: AccountAlert['frame']) => (frame?.url_key ? `/${frame.url_key}${frame.url_suffix ?? '.html'}` : null);

/**
 * The shopper's stock and price alerts (spec §2 /communications; set up on `/stock` and `/price`):
 * each with its frame, kind and date, and a button that asks the account alerts machine to remove it.
 */
export function AccountAlerts({ actor }: { actor: AccountAlertsActor }) {
  const list = useQuery(GET_ACCOUNT_ALERTS, { fetchPolicy: 'cache-and-network' });
  const alerts = (list.data?.lunetteProductAlerts ?? []).filter((a): a is AccountAlert => a !== null);
  return <AccountAlertsList actor={actor} alerts={alerts} loading={list.loading && !list.data} />;
}

/** The alerts as the account holds them (`loading`: not known yet), and the machine's removal. */
export function AccountAlertsList({ actor, alerts, loading }: { actor: AccountAlertsActor; alerts: readonly AccountAlert[]; loading: boolean }) {
  const intl = useIntl();
  const removingId = useSelector(actor, selectRemovingAlertId);
  const error = useSelector(actor, selectAccountAlertsError);
  return (
    <section className={styles.section} aria-labelledby="account-alerts-title">
      <h2 id="account-alerts-title" className={styles.sectionTitle}>
        <FormattedMessage id="account.alerts.title" defaultMessage="Stock and price alerts" />
      </h2>
      <FormError id="account-alerts-error" message={error} />
      {loading ? (
        <LoadingRegion label={intl.formatMessage({ id: 'account.alerts.loading', defaultMessage: 'Loading your alerts…' })}>
          <Shimmer width="100%" height={8} />
        </LoadingRegion>
      ) : alerts.length === 0 ? (
        <p>
          <FormattedMessage id="account.alerts.none" defaultMessage="You have no stock or price alerts." />
        </p>
      ) : (
        <ul className={styles.cards} aria-busy={removingId !== null || undefined}>
          {alerts.map((alert) => {
            const name = alert.product?.name ?? alert.product_sku;
            const path = pathOf(alert.frame);
            return (
              <li key={alert.id} className={styles.card}>
                <h3 className={styles.sectionTitle}>{path ? <Link to={path}>{name}</Link> : name}</h3>
                <p>
                  {alert.type === 'STOCK' ? (
                    <FormattedMessage id="account.alerts.stock" defaultMessage="Back in stock alert" />
                  ) : (
                    <FormattedMessage id="account.alerts.price" defaultMessage="Price drop alert" />
                  )}
                  {' · '}
                  <FormattedMessage
                    id="account.alerts.since"
                    defaultMessage="set up on {date}"
                    values={{ date: <FormattedDate value={alert.created_at} dateStyle="medium" /> }}
                  />
                </p>
                <div className={styles.actions}>
                  <Button
                    priority="low"
                    disabled={removingId !== null}
                    aria-busy={removingId === alert.id || undefined}
                    aria-describedby="account-alerts-error"
                    onClick={() => actor.send({ type: 'alert.remove', id: alert.id })}
                  >
                    <FormattedMessage id="account.alerts.remove" defaultMessage="Remove" />
                    <span className="visually-hidden"> {name}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
