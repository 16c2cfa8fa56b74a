import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { selectIsOnline } from '../../machines/app/app.machine';
import { IconCloudOff } from '../shared/icons';
import styles from './offline-indicator.module.css';
import { useShopActors } from '../app/shop-actors';

/** Spec §2 offline indicator: a cloud-off icon in the header for as long as the app machine is offline. */
export function OfflineIndicator() {
  const intl = useIntl();
  const { app } = useShopActors();
  const offline = useSelector(app, (snapshot) => !selectIsOnline(snapshot));
  if (!offline) return null;
  const label = intl.formatMessage({ id: 'shell.offline.indicator', defaultMessage: 'You are offline' });
  return (
    <span className={styles.indicator} role="img" aria-label={label} title={label}>
      <IconCloudOff />
    </span>
  );
}
