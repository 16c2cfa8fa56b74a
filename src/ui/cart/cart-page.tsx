import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { selectIsEmpty, selectIsLoading, selectNumItems } from '../../machines/cart/cart.machine';
import { buttonClassName } from '../shared/button';
import { PageHeading } from '../shared/page-heading';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import { useDocumentTitle } from '../shared/use-document-title';
import { CartItemRow } from './cart-item-row';
import { CartLeftNotice } from './cart-left-notice';
import styles from './cart-page.module.css';
import { CartStatus } from './cart-status';
import { CouponForm } from './coupon-form';
import { EditCartItem } from './edit-cart-item';
import { PriceSummary } from './price-summary';
import { useCartActor } from '../app/shop-actor-hooks';
import { useCartLines } from './use-cart-lines';

/** The cart page `/cart` (spec §2): lines, coupon, price summary and the way to checkout. */
export function CartPage() {
  const intl = useIntl();
  const cart = useCartActor();
  const isEmpty = useSelector(cart, selectIsEmpty);
  const isLoading = useSelector(cart, selectIsLoading);
  const numItems = useSelector(cart, selectNumItems);
  const lines = useCartLines();
  const { details } = lines;
  useDocumentTitle(intl.formatMessage({ id: 'cart.title', defaultMessage: 'Cart' }));

  return (
    <div className={styles.page}>
      <PageHeading className={styles.title}>
        <FormattedMessage id="cart.title" defaultMessage="Cart" />
      </PageHeading>
      {details && !isEmpty ? (
        <p className={styles.count}>
          <FormattedMessage id="cart.itemCount" defaultMessage="{count, plural, one {# item} other {# items}}" values={{ count: numItems }} />
        </p>
      ) : null}
      <CartStatus />
      <CartLeftNotice />
      {isLoading && !details ? (
        <CartShimmer />
      ) : isEmpty ? (
        <EmptyCart />
      ) : details ? (
        <div className={styles.layout}>
          <section aria-labelledby="cart-lines-title" className={styles.lines}>
            <h2 id="cart-lines-title" className="visually-hidden">
              <FormattedMessage id="cart.lines" defaultMessage="Items in your cart" />
            </h2>
            <ul className={styles.list} aria-busy={lines.busy || undefined}>
              {lines.items.map((item) => (
                <CartItemRow
                  key={item.uid}
                  item={item}
                  lensOptions={lines.lensOptionsOf(item)}
                  busy={lines.busy}
                  changing={lines.changingUid === item.uid}
                  pricesIncludeTax={lines.pricesIncludeTax}
                  onQuantityChange={(quantity) => lines.changeQuantity(item, quantity)}
                  onRemove={() => lines.remove(item)}
                  onEdit={() => lines.beginEdit(item)}
                />
              ))}
            </ul>
          </section>
          <aside className={styles.aside} aria-label={intl.formatMessage({ id: 'cart.asideLabel', defaultMessage: 'Summary and checkout' })}>
            {lines.cartId ? <CouponForm appliedCodes={(details.applied_coupons ?? []).flatMap((c) => (c ? [c.code] : []))} busy={lines.busy} /> : null}
            <PriceSummary details={details} />
            <Link to="/checkout" className={buttonClassName({ priority: 'high' }, styles.checkout)} aria-disabled={lines.busy || undefined}>
              <FormattedMessage id="cart.checkout" defaultMessage="Proceed to checkout" />
            </Link>
          </aside>
          <EditCartItem />
        </div>
      ) : null}
    </div>
  );
}

export function EmptyCart() {
  return (
    <div className={styles.empty}>
      <p>
        <FormattedMessage id="cart.empty" defaultMessage="There are no items in your cart." />
      </p>
      <Link to="/" className={buttonClassName({ priority: 'high' })}>
        <FormattedMessage id="cart.continueShopping" defaultMessage="Continue shopping" />
      </Link>
    </div>
  );
}

export function CartShimmer() {
  const intl = useIntl();
  return (
    <LoadingRegion className={styles.shimmer} label={intl.formatMessage({ id: 'cart.loading', defaultMessage: 'Loading your cart…' })}>
      {[0, 1].map((row) => (
        <div key={row} className={styles.shimmerRow}>
          <Shimmer width={5} height={6.25} />
          <div className={styles.shimmerText}>
            <Shimmer width="60%" height={1.25} />
            <Shimmer width="40%" height={1} />
            <Shimmer type="button" />
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}
