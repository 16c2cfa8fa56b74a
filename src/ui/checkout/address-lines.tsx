import { useIntl } from 'react-intl';
import { townLineOf } from '../../machines/checkout/address-formats';
import type { Address } from '../../machines/checkout/checkout.types';
import styles from './address-lines.module.css';

/** An address as the lines of a postal label (its town line in the country's order), its country by name in the store's language ("Canada", not "CA"). */
export function AddressLines({ address }: { address: Partial<Address> }) {
  const intl = useIntl();
  const country = address.country_id ? (intl.formatDisplayName(address.country_id, { type: 'region' }) ?? address.country_id) : null;
  const lines = [
    [address.firstname, address.lastname].filter(Boolean).join(' '),
    ...(address.street ?? []),
    townLineOf({ ...address, country: address.country_id }),
    country,
    address.telephone,
    address.email,
  ].filter((line): line is string => Boolean(line));
  return (
    <address className={styles.address}>
      {lines.map((line, index) => (
        <span key={`${index}-${line}`}>
          {line}
          {index < lines.length - 1 ? <br /> : null}
        </span>
      ))}
    </address>
  );
}
