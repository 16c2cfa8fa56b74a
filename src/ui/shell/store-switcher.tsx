import { useQuery } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { GET_AVAILABLE_STORES } from '../../services/store-view/store-view.operations';
import { useShopActors } from '../app/shop-actors';
import { useIsHydrated } from '../app/use-browser-selector';
import styles from './store-switcher.module.css';

/** Store-view switcher (spec §4 Other): every store view with its currency; choosing one reloads there. */
export function StoreSwitcher() {
  const { storeView } = useShopActors();
  const storeCode = useSelector(storeView, (s) => s.context.storeCode);
  const switching = useSelector(storeView, (s) => s.hasTag('busy') || s.hasTag('reloading'));
  // A server-rendered page: it switches nothing until the shop's code has taken it over.
  const hydrated = useIsHydrated();
  const { data } = useQuery(GET_AVAILABLE_STORES);
  const location = useLocation();
  const intl = useIntl();
  const id = useId();
  const stores = (data?.availableStores ?? []).flatMap((s) => (s?.store_code ? [s] : []));
  // A phone shows the store's short name ("CA" of "CA - Canada") over the select, which stays the control.
  const shortName = stores.find((s) => s.store_code === storeCode)?.store_name?.split(' - ')[0] ?? storeCode.toUpperCase();

  return (
    <div className={styles.switcher}>
      <label htmlFor={id} className={styles.label}>
        <FormattedMessage id="shell.storeSwitcher.label" defaultMessage="Store" />
      </label>
      <span className={styles.shortName} aria-hidden="true">
        {shortName}
      </span>
      <select
        id={id}
        className={styles.select}
        value={storeCode}
        disabled={switching || !hydrated}
        onChange={(e) => storeView.send({ type: 'storeView.switch', code: e.target.value, path: location.pathname + location.search })}
      >
        {stores.length === 0 && <option value={storeCode}>{storeCode.toUpperCase()}</option>}
        {stores.map((s) => (
          <option key={s.store_code} value={s.store_code!}>
            {intl.formatMessage(
              { id: 'shell.storeSwitcher.option', defaultMessage: '{name} ({currency})' },
              { name: s.store_name, currency: s.default_display_currency_code },
            )}
          </option>
        ))}
      </select>
    </div>
  );
}
