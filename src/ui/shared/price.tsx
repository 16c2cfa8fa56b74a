import { FormattedNumber } from 'react-intl';

/** A money amount in the store view's currency, formatted for the shopper's locale. */
export function Price({ value, currency, className }: { value: number; currency: string; className?: string }) {
  return (
    <span className={className}>
      <FormattedNumber value={value} style="currency" currency={currency} />
    </span>
  );
}
