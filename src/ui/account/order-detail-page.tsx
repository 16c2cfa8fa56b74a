import { useQuery } from '@apollo/client';
import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import { AccountLayout } from './account-layout';
import { townLineOf } from '../../machines/checkout/address-formats';
import { GET_ORDER_DETAIL, type OrderAddress, type OrderDetail } from './account.operations';
import styles from './account.module.css';
import { orderDate, OrderItemList, orderItemsOf, OrderTotalList, PrescriptionNextStep, useStoredImages } from './order-lines';
import { PaymentInstructions } from './payment-instructions';
import { shopperMessageOf } from '../shared/shopper-message';
import { useCartPricesIncludeTax } from '../cart';

/** The order's address as a postal label, its country by name in the store view's language ("Canada", not "CA"), as the checkout's. */
function OrderAddressLines({ address }: { address: OrderAddress }) {
  const intl = useIntl();
  const lines = [
    [address.firstname, address.lastname].filter(Boolean).join(' '),
    ...(address.street ?? []).filter(Boolean),
    townLineOf({ ...address, country: address.country_code }),
    address.country_code ? (intl.formatDisplayName(address.country_code, { type: 'region' }) ?? address.country_code) : null,
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

/** An address of the order under its heading, and what was chosen with it (the shipping method, the payment). */
function OrderAddressSection({ id, title, address, children }: { id: string; title: ReactNode; address: OrderAddress; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <OrderAddressLines address={address} />
      <p>{children}</p>
    </section>
  );
}

/** Order detail `/order-history/:orderNumber` (signed in). */
export function OrderDetailPage() {
  const intl = useIntl();
  const { orderNumber = '' } = useParams();
  // ADR 041: the order can change after it was first seen (a prescription corrected through the
  // fix link): the kept answer shows at once, the backend's replaces it (as the order history's).
  const { data, loading, error } = useQuery(GET_ORDER_DETAIL, { variables: { number: orderNumber }, fetchPolicy: 'cache-and-network' });
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
  const imagesBySku = useStoredImages();
  const pricesIncludeTax = useCartPricesIncludeTax();
  const date = orderDate(order.order_date);
  const items = orderItemsOf(order.items);
  return (
    <>
      <p>
        {date ? <FormattedDate value={date} dateStyle="long" /> : null} · {order.status}
      </p>
      <section className={styles.section} aria-labelledby="order-items">
        <h2 id="order-items" className={styles.sectionTitle}>
          <FormattedMessage id="account.order.items" defaultMessage="Items" />
        </h2>
        <OrderItemList items={items} imagesBySku={imagesBySku} pricesIncludeTax={pricesIncludeTax} />
      </section>
      {date ? <PrescriptionNextStep items={items} orderedAt={date} /> : null}
      <PaymentInstructions payments={order.payment_methods} orderNumber={order.number} headingId="order-pay-check" />
      <div className={styles.grid2}>
        {order.shipping_address ? (
          <OrderAddressSection
            id="order-shipping"
            title={<FormattedMessage id="account.order.shipping" defaultMessage="Shipping" />}
            address={order.shipping_address}
          >
            {order.shipping_method}
          </OrderAddressSection>
        ) : null}
        {order.billing_address ? (
          <OrderAddressSection
            id="order-billing"
            title={<FormattedMessage id="account.order.billing" defaultMessage="Billing and payment" />}
            address={order.billing_address}
          >
            {order.payment_methods
              ?.map((p) => p?.name)
              .filter(Boolean)
              .join(', ')}
          </OrderAddressSection>
        ) : null}
      </div>
      <section className={styles.section} aria-labelledby="order-totals">
        <h2 id="order-totals" className={styles.sectionTitle}>
          <FormattedMessage id="account.order.totals" defaultMessage="Totals" />
        </h2>
        <OrderTotalList
          total={order.total}
          discounts={(order.total?.discounts ?? []).flatMap((discount) => (discount ? [{ label: discount.label, amount: discount.amount }] : []))}
        />
      </section>
    </>
  );
}
