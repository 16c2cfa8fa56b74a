import { FormattedMessage, useIntl } from 'react-intl';
import { selectConnectionNotice } from '../../machines/app/app.machine';
import { IconClose, IconCloud, IconCloudOff } from '../shared/icons';
import styles from './connection-notice.module.css';
import { useShopActors } from '../app/shop-actors';
import { useBrowserSelector } from '../app/use-browser-selector';

/**
 * Spec §2 offline/online overlay: a notice over the page's foot when the shopper goes offline, and
 * "You are back online" when the connection returns (it leaves on the app machine's timer). The
 * live region is always there, so screen readers hear each notice as it appears.
 */
export function ConnectionNotice() {
  const intl = useIntl();
  const { app } = useShopActors();
  const notice = useBrowserSelector(app, selectConnectionNotice, null);
  return (
    // A live region without the status role: the page-loading indicator is the shell's status.
    <div aria-live="polite" className={styles.region}>
      {notice ? (
        <div className={notice === 'offline' ? `${styles.notice} ${styles.offline}` : styles.notice}>
          <span className={styles.icon}>{notice === 'offline' ? <IconCloudOff /> : <IconCloud />}</span>
          <p className={styles.text}>
            {notice === 'offline' ? (
              <FormattedMessage
                id="shell.offline.notice"
                defaultMessage="You are offline. Pages you have already visited can still be shown, but changes such as adding to your cart need a connection."
              />
            ) : (
              <FormattedMessage id="shell.online.notice" defaultMessage="You are back online." />
            )}
          </p>
          <button
            type="button"
            className={styles.hide}
            aria-label={intl.formatMessage({ id: 'shell.connectionNotice.hide', defaultMessage: 'Hide this message' })}
            onClick={() => app.send({ type: 'app.connectionNotice.dismiss' })}
          >
            <IconClose />
          </button>
        </div>
      ) : null}
    </div>
  );
}
