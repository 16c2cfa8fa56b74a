import { useQuery } from '@apollo/client';
import { useMemo } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { LensOptionList } from '../cart';
import { readImagesBySku, storedImageUrl } from '../../services/images/images-by-sku';
import { createBrowserStorage, pageLocalStorage } from '../../services/storage/browser-storage';
import { Price } from '../shared/price';
import { ProductImage } from '../shared/product-image';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import { AccountLayout } from './account-layout';
import { GET_ORDER_DETAIL, type OrderAddress, type OrderDetail } from './account.operations';
import styles from './account.module.css';
import { orderDate } from './order-history-page';
import { shopperMessageOf } from '../shared/shopper-message';

function OrderAddressLines({ address }: { address: OrderAddress }) {
  const lines = [
    [address.firstname, address.lastname].filter(Boolean).join(' '),
    ...(address.street ?? []).filter(Boolean),
    [address.city, address.region, address.postcode].filter(Boolean).join(', '),
    address.country_code,
    address.telephone,
  ].filter(Boolean) as string[];
  return (
    <address>
      {lines.map((line, index) => (
        <span key={`${index}-${line}`}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}

const money = (m: { value: number | null; currency: string | null } | null | undefined) =>
  m && m.value !== null && m.currency ? <Price value={m.value} currency={m.currency} /> : null;

function OrderItemImage({ url }: { url: string | null }) {
  return url ? <ProductImage className={styles.orderItemImage} src={url} alt="" sizes="96px" /> : null;
}

/** Order detail `/order-history/:orderNumber` (signed in). */
export function OrderDetailPage() {
  const intl = useIntl();
  const { orderNumber = '' } = useParams();
  const { data, loading, error } = useQuery(GET_ORDER_DETAIL, { variables: { number: orderNumber } });
  const order = data?.customer?.orders?.items.find((o): o is OrderDetail => o?.number === orderNumber) ?? null;
  const title = intl.formatMessage({ id: 'account.order.title', defaultMessage: 'Order #{number}' }, { number: orderNumber });
  return (
    <AccountLayout title={title}>
      <p>
        <Link to="/order-history">
          <FormattedMessage id="account.order.back" defaultMessage="All orders" />
        </Link>
      </p>
      {loading && !data ? (
        <LoadingRegion label={intl.formatMessage({ id: 'account.order.loading', defaultMessage: 'Loading the order…' })}>
          <Shimmer width="100%" height={10} />
        </LoadingRegion>
      ) : error && !data ? (
        <p role="alert" className={styles.error}>
          {shopperMessageOf(error, intl)}
        </p>
      ) : !order ? (
        <p role="alert">
          <FormattedMessage id="account.order.notFound" defaultMessage="There is no order {number} in your account." values={{ number: orderNumber }} />
        </p>
      ) : (
        <OrderDetailBody order={order} />
      )}
    </AccountLayout>
  );
}

function OrderDetailBody({ order }: { order: OrderDetail }) {
  const date = orderDate(order.order_date);
  const items = (order.items ?? []).filter((i): i is NonNullable<typeof i> => i !== null);
  // Spec §9 imagesBySku: the picture of each colour the shopper had in the cart (an order line has none).
  const imagesBySku = useMemo(() => readImagesBySku(createBrowserStorage(pageLocalStorage())), []);
  return (
    <>
      <p>
        {date ? <FormattedDate value={date} dateStyle="long" /> : null} · {order.status}
      </p>
      <section className={styles.section} aria-labelledby="order-items">
        <h2 id="order-items" className={styles.sectionTitle}>
          <FormattedMessage id="account.order.items" defaultMessage="Items" />
        </h2>
        <ul className={styles.cards}>
          {items.map((item) => (
            <li key={item.id} className={styles.card}>
              <OrderItemImage url={storedImageUrl(imagesBySku, item.product_sku)} />
              <strong>{item.product_name}</strong>
              <span>{item.product_sku}</span>
              <LensOptionList options={[...(item.selected_options ?? []), ...(item.entered_options ?? [])]} />
              <span>
                <FormattedMessage id="account.order.quantity" defaultMessage="Quantity: {quantity}" values={{ quantity: item.quantity_ordered ?? 0 }} /> ·{' '}
                {money(item.product_sale_price)}
              </span>
              {item.prices?.row_total ? (
                <span>
                  <FormattedMessage id="account.order.rowTotal" defaultMessage="Line total: {total}" values={{ total: money(item.prices.row_total) }} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <div className={styles.grid2}>
        {order.shipping_address ? (
          <section aria-labelledby="order-shipping">
            <h2 id="order-shipping" className={styles.sectionTitle}>
              <FormattedMessage id="account.order.shipping" defaultMessage="Shipping" />
            </h2>
            <OrderAddressLines address={order.shipping_address} />
            <p>{order.shipping_method}</p>
          </section>
        ) : null}
        {order.billing_address ? (
          <section aria-labelledby="order-billing">
            <h2 id="order-billing" className={styles.sectionTitle}>
              <FormattedMessage id="account.order.billing" defaultMessage="Billing and payment" />
            </h2>
            <OrderAddressLines address={order.billing_address} />
            <p>
              {order.payment_methods
                ?.map((p) => p?.name)
                .filter(Boolean)
                .join(', ')}
            </p>
          </section>
        ) : null}
      </div>
      <section className={styles.section} aria-labelledby="order-totals">
        <h2 id="order-totals" className={styles.sectionTitle}>
          <FormattedMessage id="account.order.totals" defaultMessage="Totals" />
        </h2>
        <dl className={styles.totals}>
          <div>
            <dt>
              <FormattedMessage id="cart.summary.subtotalExcl" defaultMessage="Subtotal (excl. tax)" />
            </dt>
            <dd>{money(order.total?.subtotal)}</dd>
          </div>
          {(order.total?.discounts ?? []).filter(Boolean).map((discount) => (
            <div key={discount!.label ?? 'discount'}>
              <dt>{discount!.label}</dt>
              <dd>−{money(discount!.amount)}</dd>
            </div>
          ))}
          <div>
            <dt>
              <FormattedMessage id="cart.summary.shipping" defaultMessage="Shipping" />
            </dt>
            <dd>{money(order.total?.total_shipping)}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="cart.summary.tax" defaultMessage="Tax" />
            </dt>
            <dd>{money(order.total?.total_tax)}</dd>
          </div>
          <div>
            <dt>
              <strong>
                <FormattedMessage id="account.order.grandTotal" defaultMessage="Grand total" />
              </strong>
            </dt>
            <dd>
              <strong>{money(order.total?.grand_total)}</strong>
            </dd>
          </div>
        </dl>
      </section>
    </>
  );
}
