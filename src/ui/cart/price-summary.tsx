import { FormattedMessage } from 'react-intl';
import type { CartDetails } from '../../machines/cart/cart.types';
import { Price } from '../shared/price';
import styles from './price-summary.module.css';

/**
 * Spec §3 "Cart prices": subtotal excluding and including tax, discounts, taxes, shipping and the
 * grand total, in the cart's currency. Before a shipping method is chosen, the cart says shipping is
 * calculated at checkout; the checkout itself (`atCheckout`) says it comes with the shipping method
 * (spec §2 Checkout flow: the method is its second step).
 */
export function PriceSummary({ details, headingLevel = 2, atCheckout = false }: { details: CartDetails; headingLevel?: 2 | 3; atCheckout?: boolean }) {
  const prices = details.prices;
  const grandTotal = prices?.grand_total;
  if (!prices || !grandTotal) return null;
  const currency = grandTotal.currency;
  const shipping = details.shipping_addresses?.[0]?.selected_shipping_method?.amount ?? null;
  const taxes = (prices.applied_taxes ?? []).filter(Boolean);
  const Heading = `h${headingLevel}` as const;
  const excluding = prices.subtotal_excluding_tax;
  const including = prices.subtotal_including_tax;
  return (
    <section className={styles.summary} aria-labelledby="price-summary-title">
      <Heading id="price-summary-title" className={styles.title}>
        <FormattedMessage id="cart.summary.title" defaultMessage="Order summary" />
      </Heading>
      <dl className={styles.lines}>
        {excluding ? (
          <div className={styles.line}>
            <dt>
              <FormattedMessage id="cart.summary.subtotalExcl" defaultMessage="Subtotal (excl. tax)" />
            </dt>
            <dd>
              <Price value={excluding.value} currency={excluding.currency} />
            </dd>
          </div>
        ) : null}
        {including && including.value !== excluding?.value ? (
          <div className={styles.line}>
            <dt>
              <FormattedMessage id="cart.summary.subtotalIncl" defaultMessage="Subtotal (incl. tax)" />
            </dt>
            <dd>
              <Price value={including.value} currency={including.currency} />
            </dd>
          </div>
        ) : null}
        {(prices.discounts ?? []).map((discount) => (
          <div key={discount.label} className={`${styles.line} ${styles.discount}`}>
            <dt>{discount.label}</dt>
            <dd>
              −<Price value={discount.amount.value} currency={discount.amount.currency} />
            </dd>
          </div>
        ))}
        {taxes.map((tax, index) => (
          <div key={tax.label ?? index} className={styles.line}>
            <dt>{tax.label ?? <FormattedMessage id="cart.summary.tax" defaultMessage="Tax" />}</dt>
            <dd>
              <Price value={tax.amount.value} currency={tax.amount.currency} />
            </dd>
          </div>
        ))}
        <div className={styles.line}>
          <dt>
            <FormattedMessage id="cart.summary.shipping" defaultMessage="Shipping" />
          </dt>
          <dd>
            {shipping ? (
              <Price value={shipping.value} currency={shipping.currency} />
            ) : atCheckout ? (
              <FormattedMessage id="cart.summary.shippingWithMethod" defaultMessage="Calculated with the shipping method" />
            ) : (
              <FormattedMessage id="cart.summary.shippingLater" defaultMessage="Calculated at checkout" />
            )}
          </dd>
        </div>
        <div className={`${styles.line} ${styles.total}`}>
          <dt>
            <FormattedMessage id="cart.summary.grandTotal" defaultMessage="Estimated total" />
          </dt>
          <dd>
            <Price value={grandTotal.value} currency={currency} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
