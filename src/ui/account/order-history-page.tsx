import { useQuery } from '@apollo/client';
import { useState } from 'react';
import { defineMessage, FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../shared/button';
import { Price } from '../shared/price';
import { ReflowTable } from '../shared/reflow-table';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import { AccountLayout } from './account-layout';
import { GET_ORDER_HISTORY, type OrderSummary } from './account.operations';
import styles from './account.module.css';
import { shopperMessageOf } from '../shared/shopper-message';
import { orderDate } from './order-lines';

const PAGE_SIZE = 10;

/** The order table's headings: the row's (its number), then the columns in order. */
const ORDER_NUMBER = defineMessage({ id: 'account.orders.number', defaultMessage: 'Order' });
const ORDER_DATE = defineMessage({ id: 'account.orders.date', defaultMessage: 'Date' });
const ORDER_STATUS = defineMessage({ id: 'account.orders.status', defaultMessage: 'Status' });
const ORDER_TOTAL = defineMessage({ id: 'account.orders.total', defaultMessage: 'Total' });
const ORDER_COLUMNS = [ORDER_DATE, ORDER_STATUS, ORDER_TOTAL];

/** Magento's order dates are "YYYY-MM-DD hh:mm:ss" in UTC. */

/** Order history `/order-history` (signed in): newest first, ten at a time. */
export function OrderHistoryPage() {
  const intl = useIntl();
  const [pages, setPages] = useState(1);
  const { data, loading, error, refetch } = useQuery(GET_ORDER_HISTORY, {
    variables: { currentPage: 1, pageSize: PAGE_SIZE * pages },
    fetchPolicy: 'cache-and-network',
  });
  const orders = (data?.customer?.orders?.items ?? []).filter((o): o is OrderSummary => o !== null);
  const total = data?.customer?.orders?.total_count ?? 0;
  return (
    <AccountLayout title={intl.formatMessage({ id: 'account.nav.orderHistory', defaultMessage: 'Order history' })}>
      {error && !data ? (
        <div role="alert">
          <p className={styles.error}>{shopperMessageOf(error, intl)}</p>
          <Button onClick={() => void refetch()}>
            <FormattedMessage id="account.retry" defaultMessage="Try again" />
          </Button>
        </div>
      ) : loading && !data ? (
        <LoadingRegion label={intl.formatMessage({ id: 'account.orders.loading', defaultMessage: 'Loading your orders…' })}>
          <Shimmer width="100%" height={3} />
          <Shimmer width="100%" height={3} style={{ marginTop: '0.5rem' }} />
        </LoadingRegion>
      ) : orders.length === 0 ? (
        <p>
          <FormattedMessage id="account.orders.none" defaultMessage="You have not placed any orders yet." />
        </p>
      ) : (
        <>
          {/* The design system's table: cards on a phone, no sideways scroller. */}
          <ReflowTable
            caption={intl.formatMessage({ id: 'account.orders.caption', defaultMessage: 'Your orders, newest first' })}
            rowHeaderLabel={intl.formatMessage(ORDER_NUMBER)}
            columns={ORDER_COLUMNS.map((column) => ({ key: column.id, label: intl.formatMessage(column) }))}
            rows={orders.map((order) => {
              const date = orderDate(order.order_date);
              const total = order.total?.grand_total;
              return {
                key: order.number,
                header: <Link to={`/order-history/${encodeURIComponent(order.number)}`}>#{order.number}</Link>,
                cells: {
                  [ORDER_DATE.id]: date ? <FormattedDate value={date} dateStyle="medium" /> : null,
                  [ORDER_STATUS.id]: order.status,
                  [ORDER_TOTAL.id]:
                    total?.value !== null && total?.value !== undefined && total.currency ? <Price value={total.value} currency={total.currency} /> : null,
                },
              };
            })}
          />
          {orders.length < total ? (
            <p>
              <Button disabled={loading} onClick={() => setPages((n) => n + 1)}>
                <FormattedMessage id="account.orders.more" defaultMessage="Show more orders" />
              </Button>
            </p>
          ) : null}
        </>
      )}
    </AccountLayout>
  );
}
