import { useIntl } from 'react-intl';
import { selectIsOnline } from '../../machines/app/app.machine';
import { IconCloudOff } from '../shared/icons';
import styles from './offline-indicator.module.css';
import { useShopActors } from '../app/shop-actors';
import { useBrowserSelector } from '../app/use-browser-selector';

const isOffline = (snapshot: Parameters<typeof selectIsOnline>[0]) => !selectIsOnline(snapshot);

/** Spec §2 offline indicator: a cloud-off icon in the header for as long as the app machine is offline. */
export function OfflineIndicator() {
  const intl = useIntl();
  const { app } = useShopActors();
  // The server renders online: this browser's connection comes with hydration.
  const offline = useBrowserSelector(app, isOffline, false);
  if (!offline) return null;
  const label = intl.formatMessage({ id: 'shell.offline.indicator', defaultMessage: 'You are offline' });
  return (
    <span className={styles.indicator} role="img" aria-label={label} title={label}>
      <IconCloudOff />
    </span>
  );
}
