import type { Address } from '../../machines/checkout/checkout.types';

/** An address as the lines of a postal label. */
export function AddressLines({ address }: { address: Partial<Address> }) {
  const lines = [
    [address.firstname, address.lastname].filter(Boolean).join(' '),
    ...(address.street ?? []),
    [address.city, address.region, address.postcode].filter(Boolean).join(', '),
    address.country_id,
    address.telephone,
    address.email,
  ].filter((line): line is string => Boolean(line));
  return (
    <address>
      {lines.map((line, index) => (
        <span key={`${index}-${line}`}>
          {line}
          {index < lines.length - 1 ? <br /> : null}
        </span>
      ))}
    </address>
  );
}
