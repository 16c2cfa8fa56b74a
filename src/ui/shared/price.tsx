import { FormattedMessage, FormattedNumber } from 'react-intl';

/** A money amount in the store view's currency, formatted for the shopper's locale. */
export function Price({ value, currency, className }: { value: number; currency: string; className?: string }) {
  return (
    <span className={className}>
      <FormattedNumber value={value} style="currency" currency={currency} />
    </span>
  );
}

interface Money {
  value: number | null;
  currency: string | null;
}

export interface ProductPriceProps {
  /** The product's `price_range.minimum_price`. */
  price: { final_price: Money; regular_price: Money };
  className?: string;
  /** The final price's class when it is a sale (below the regular price). */
  saleClassName?: string;
  /** The struck-through regular price's class. */
  regularClassName?: string;
  /** Names a sale's final price "Sale price" to screen readers (where the price stands alone, as in a gallery). */
  labelSale?: boolean;
}

/** A product's price: the final price, and on a sale the regular price struck through. */
export function ProductPrice({ price, className, saleClassName, regularClassName, labelSale = false }: ProductPriceProps) {
  const { final_price: final, regular_price: regular } = price;
  const discounted = final.value !== null && regular.value !== null && regular.value > final.value;
  return (
    <p className={className}>
      {final.value !== null && final.currency ? (
        <>
          {labelSale && discounted ? (
            <span className="visually-hidden">
              <FormattedMessage id="catalog.price.sale" defaultMessage="Sale price" />{' '}
            </span>
          ) : null}
          <Price value={final.value} currency={final.currency} className={discounted ? saleClassName : undefined} />
        </>
      ) : null}
      {discounted && regular.value !== null && regular.currency ? (
        <s className={regularClassName}>
          <span className="visually-hidden">
            <FormattedMessage id="catalog.price.regular" defaultMessage="Regular price" />{' '}
          </span>
          <Price value={regular.value} currency={regular.currency} />
        </s>
      ) : null}
    </p>
  );
}
