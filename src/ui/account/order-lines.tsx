import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { isPrescriptionToFollow } from '../../machines/customise/prescription-to-follow';
import type { OrderItemsFieldsFragment, OrderTotalsFieldsFragment } from '../../services/apollo/generated/operation-types';
import { useMemo } from 'react';
import { storedImageUrl, type ImagesBySku } from '../../services/images/images-by-sku';
import { useShopActors } from '../app/shop-actors';
import { LensOptionList, useCartPricesIncludeTax } from '../cart';
import { Price } from '../shared/price';
import { ProductImage } from '../shared/product-image';
import styles from './order-lines.module.css';

export type OrderItem = NonNullable<NonNullable<OrderItemsFieldsFragment['items']>[number]>;
type Money = { value: number | null; currency: string | null } | null | undefined;

const money = (m: Money) => (m && m.value !== null && m.currency ? <Price value={m.value} currency={m.currency} /> : null);

/** Magento's `order_date` ("2026-11-27 10:15:00", UTC) as a date. */
export const orderDate = (value: string | null) => (value ? new Date(`${value.replace(' ', 'T')}Z`) : null);

/** The items of an order answer, less the empty slots Magento's list type allows. */
export const orderItemsOf = (items: OrderItemsFieldsFragment['items'] | null | undefined): OrderItem[] =>
  (items ?? []).filter((item): item is OrderItem => item !== null);

/** The colour pictures the cart kept (spec §9 imagesBySku), read once by the composition root's service. */
export function useStoredImages(): ImagesBySku {
  const { storedImages } = useShopActors();
  return useMemo(() => storedImages(), [storedImages]);
}

/**
 * An order's lines as the receipt, the paid-order page and the order detail show them:
 * the colour's picture the cart had (spec §9 imagesBySku), name, colour, size, lenses and
 * prescription, quantity and unit price, and the line total. `imagesBySku`: the pictures the
 * composition root read from the browser's storage (`storedImages`). `pricesIncludeTax`: the store
 * view shows prices with their tax (ADR 040), so the line shows the unit price and line total with
 * their tax as the cart did (Magento's `price_including_tax`, `row_total_including_tax`).
 */
export function OrderItemList({
  items,
  imagesBySku,
  pricesIncludeTax = false,
}: {
  items: readonly OrderItem[];
  imagesBySku: ImagesBySku;
  pricesIncludeTax?: boolean;
}) {
  return (
    <ul className={styles.items}>
      {items.map((item) => {
        const image = storedImageUrl(imagesBySku, item.product_sku);
        const unitPrice = (pricesIncludeTax ? item.prices?.price_including_tax : null) ?? item.product_sale_price;
        const rowTotal = (pricesIncludeTax ? item.prices?.row_total_including_tax : null) ?? item.prices?.row_total;
        return (
          <li key={item.id} className={styles.item}>
            {image ? <ProductImage className={styles.image} src={image} alt="" sizes="96px" /> : <span className={styles.image} />}
            <div className={styles.body}>
              <strong>{item.product_name}</strong>
              <LensOptionList options={[...(item.selected_options ?? []), ...(item.entered_options ?? [])]} />
              <span className={styles.quantity}>
                <FormattedMessage id="account.order.quantity" defaultMessage="Quantity: {quantity}" values={{ quantity: item.quantity_ordered ?? 0 }} />
                {unitPrice ? <> · {money(unitPrice)}</> : null}
              </span>
            </div>
            {rowTotal ? (
              <span className={styles.rowTotal}>
                <span className="visually-hidden">
                  <FormattedMessage id="account.order.rowTotalLabel" defaultMessage="Line total" />{' '}
                </span>
                {money(rowTotal)}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The order's taxes by the tax rate's title (as checkout named them, e.g. "HST"); one untitled line when the order lists none. */
function taxLinesOf(total: OrderTotalsFieldsFragment | null | undefined): { title: string | null; amount: Money }[] {
  const titled = (total?.taxes ?? []).flatMap((tax) => (tax?.title ? [{ title: tax.title, amount: tax.amount }] : []));
  return titled.length ? titled : [{ title: null, amount: total?.total_tax }];
}

/**
 * An order's totals: subtotal, each discount, shipping, each tax by its title and the grand total.
 * The subtotal including tax follows the one excluding it where they differ, as the cart's summary
 * shows them (spec §3 "Cart prices", ADR 040).
 */
export function OrderTotalList({
  total,
  discounts = [],
}: {
  total: OrderTotalsFieldsFragment | null | undefined;
  discounts?: readonly { label: string | null; amount: Money }[];
}) {
  return (
    <dl className={styles.totals}>
      <div>
        <dt>
          <FormattedMessage id="cart.summary.subtotalExcl" defaultMessage="Subtotal (excl. tax)" />
        </dt>
        <dd>{money(total?.subtotal)}</dd>
      </div>
      {total?.subtotal_incl_tax && total.subtotal_incl_tax.value !== total.subtotal?.value ? (
        <div>
          <dt>
            <FormattedMessage id="cart.summary.subtotalIncl" defaultMessage="Subtotal (incl. tax)" />
          </dt>
          <dd>{money(total.subtotal_incl_tax)}</dd>
        </div>
      ) : null}
      {discounts.map((discount) => (
        <div key={discount.label ?? 'discount'}>
          <dt>{discount.label}</dt>
          <dd>−{money(discount.amount)}</dd>
        </div>
      ))}
      <div>
        <dt>
          <FormattedMessage id="cart.summary.shipping" defaultMessage="Shipping" />
        </dt>
        <dd>{money(total?.total_shipping)}</dd>
      </div>
      {taxLinesOf(total).map((tax, index) => (
        <div key={`${index}-${tax.title ?? ''}`}>
          <dt>{tax.title ?? <FormattedMessage id="cart.summary.tax" defaultMessage="Tax" />}</dt>
          <dd>{money(tax.amount)}</dd>
        </div>
      ))}
      <div className={styles.grandTotal}>
        <dt>
          <FormattedMessage id="checkout.receipt.grandTotal" defaultMessage="Order total" />
        </dt>
        <dd>{money(total?.grand_total)}</dd>
      </div>
    </dl>
  );
}

/** How long the shop waits for a prescription sent later before it asks again (shown to the shopper as a date). */
export const PRESCRIPTION_WAIT_DAYS = 14;

/**
 * The next step of an order placed with "send it later": how to send the prescription
 * (the single-use link in the confirmation email, or the saved prescriptions of an account) and by
 * when, counted from the order's date.
 */
export function PrescriptionNextStep({ items, orderedAt }: { items: readonly OrderItem[]; orderedAt: Date }) {
  const waiting = items.filter((item) => (item.entered_options ?? []).some((option) => isPrescriptionToFollow(option?.value)));
  if (!waiting.length) return null;
  const by = new Date(orderedAt.getTime() + PRESCRIPTION_WAIT_DAYS * 86_400_000);
  return (
    <section className={styles.nextStep} aria-labelledby="prescription-next-step">
      <h2 id="prescription-next-step" className={styles.nextStepTitle}>
        <FormattedMessage id="account.order.rxNext.title" defaultMessage="Next step: send your prescription" />
      </h2>
      <p>
        <FormattedMessage
          id="account.order.rxNext.how"
          defaultMessage="Your confirmation email has a link to enter your prescription or upload a photo of it. Please send it by {date}: we start making your lenses as soon as we have it."
          values={{ date: <FormattedDate value={by} dateStyle="long" /> }}
        />
      </p>
      <p>
        <FormattedMessage
          id="account.order.rxNext.items"
          defaultMessage="Waiting for it: {names}."
          values={{ names: waiting.map((item) => item.product_name).join(', ') }}
        />
      </p>
      <p>
        <Link to="/contact-us">
          <FormattedMessage id="account.order.rxNext.help" defaultMessage="Questions about your prescription? Contact us" />
        </Link>
      </p>
    </section>
  );
}

/** The order answer a receipt lists: its lines, totals and date (`ReceiptOrderFields`, `ConfirmedOrderFields`). */
export interface ReceiptOrderSummary {
  items: OrderItemsFieldsFragment['items'];
  total: OrderTotalsFieldsFragment | null | undefined;
  order_date: string | null;
}

/**
 * What an order just placed holds, as every receipt shows it (the checkout's receipt, the paid-order
 * page): the next step of a prescription sent later, then the lines and the totals under "Your order".
 */
export function ReceiptOrderSummaryView({ order, headingId, headingClassName }: { order: ReceiptOrderSummary; headingId: string; headingClassName?: string }) {
  const items = orderItemsOf(order.items);
  // An order just placed whose date was not read is dated now.
  const orderedAt = orderDate(order.order_date) ?? new Date();
  const imagesBySku = useStoredImages();
  const pricesIncludeTax = useCartPricesIncludeTax();
  return (
    <>
      <PrescriptionNextStep items={items} orderedAt={orderedAt} />
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className={headingClassName}>
          <FormattedMessage id="checkout.receipt.items" defaultMessage="Your order" />
        </h2>
        <OrderItemList items={items} imagesBySku={imagesBySku} pricesIncludeTax={pricesIncludeTax} />
        <OrderTotalList total={order.total} />
      </section>
    </>
  );
}
