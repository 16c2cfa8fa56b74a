import { translateMessage } from '../../shared/messages/messages';
import { many, type Queryable } from '../../db/database';
import { loaderOf, type BatchLoad, type RequestContext } from '../../graphql/context';
import { roundMoney } from '../../shared/input-rules';
import { uidOf } from '../../shared/secure-tokens';
import { productNodeById } from '../catalog/product-nodes';
import { commonFields, type StoredAddress } from '../customer/addresses';
import { findCustomerOrders, type OrderItemRow, orderItems, type OrderRow, type OrdersArgs, STATUS_LABELS } from './order.queries';

/** `OrderAddress` */
export function orderAddressNode(a: StoredAddress) {
  return {
    ...commonFields(a),
    region: a.region,
    region_id: a.region_id === null ? null : String(a.region_id),
    country_code: a.country_code,
    custom_attributesV2: [],
  };
}

/** The order status labels each store view has of its own (Magento's `sales_order_status_label`), read once per request. */
const statusLabelsOfViews: BatchLoad<string, Map<string, string>> = async (ctx, codes) => {
  const rows = await many<{ status: string; store_code: string; label: string }>(
    ctx.db,
    'SELECT status, store_code, label FROM sales_order_status_label WHERE store_code = ANY($1)',
    [[...codes]],
  );
  return codes.map((code) => new Map(rows.filter((row) => row.store_code === code).map((row) => [row.status, row.label])));
};

const dateTime = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

function orderItemNode(item: OrderItemRow, order: OrderRow) {
  const money = (value: number) => ({ value: roundMoney(value), currency: order.currency });
  // ADR 040: the amounts with their taxes the cart showed; a line recorded before kept none.
  const priceInclTax = money(item.price_incl_tax ?? item.price);
  const rowTotalInclTax = money(item.row_total_incl_tax ?? item.row_total);
  const discounts = item.discount > 0 ? [{ amount: money(item.discount), label: order.totals.discounts[0]?.label ?? 'Discount', applied_to: 'ITEM' }] : [];
  return {
    __typename: item.parent_sku ? 'ConfigurableOrderItem' : 'OrderItem',
    id: uidOf(item.id),
    product_name: item.name,
    product_sku: item.sku,
    parent_sku: item.parent_sku,
    product_url_key: item.url_key,
    product_type: item.item_type,
    product_sale_price: money(item.price),
    quantity_ordered: item.quantity,
    quantity_invoiced: 0,
    quantity_shipped: 0,
    quantity_canceled: order.status === 'canceled' ? item.quantity : 0,
    quantity_refunded: 0,
    selected_options: item.selected_options,
    entered_options: item.entered_options,
    status: (_args: unknown, ctx: RequestContext) => translateMessage(ctx.store.locale, order.status === 'canceled' ? 'Canceled' : 'Ordered'),
    discounts,
    gift_message: null,
    prices: {
      price: money(item.price),
      price_including_tax: priceInclTax,
      original_price: money(item.price),
      original_price_including_tax: priceInclTax,
      row_total: money(item.row_total),
      row_total_including_tax: rowTotalInclTax,
      original_row_total: money(item.row_total),
      original_row_total_including_tax: rowTotalInclTax,
      total_item_discount: money(item.discount),
      discounts,
      fixed_product_taxes: [],
    },
    product: (_args: unknown, ctx: RequestContext) => productNodeById(ctx, item.parent_product_id ?? item.product_id),
  };
}

/** A `CustomerOrder` answer, in the currency the order was placed in. */
export function orderNode(order: OrderRow, items: OrderItemRow[]) {
  const t = order.totals;
  const money = (value: number) => ({ value: roundMoney(value), currency: order.currency });
  const shippingTitle = order.shipping_method ? `${order.shipping_method.carrier_title} - ${order.shipping_method.method_title}` : null;
  return {
    id: uidOf(order.id),
    number: order.number,
    order_number: order.number,
    increment_id: order.number,
    token: order.token,
    order_date: dateTime(order.created_at),
    created_at: dateTime(order.created_at),
    order_status_change_date: dateTime(order.updated_at),
    // Magento's status labels are store-scoped: the view's own label (`sales_order_status_label`), else the default in the view's words
    status: async (_args: unknown, ctx: RequestContext) =>
      (await loaderOf(ctx, statusLabelsOfViews).load(ctx.store.code)).get(order.status) ?? translateMessage(ctx.store.locale, STATUS_LABELS[order.status]),
    email: order.email,
    is_virtual: order.is_virtual,
    customer_info: { firstname: order.firstname, lastname: order.lastname, middlename: null, prefix: null, suffix: null },
    items: items.map((i) => orderItemNode(i, order)),
    applied_coupons: order.coupon_code ? [{ code: order.coupon_code }] : [],
    shipping_address: order.shipping_address ? orderAddressNode(order.shipping_address) : null,
    billing_address: orderAddressNode(order.billing_address),
    shipping_method: shippingTitle,
    carrier: order.shipping_method?.carrier_title ?? null,
    payment_methods: [{ name: order.payment.title, type: order.payment.code, additional_data: order.payment.additional }],
    total: {
      subtotal: money(t.subtotal),
      subtotal_excl_tax: money(t.subtotal),
      subtotal_incl_tax: money(t.subtotal_incl_tax ?? t.subtotal + t.tax_total),
      discounts: t.discounts.map((d) => ({ amount: money(d.amount), label: d.label, applied_to: 'ITEM', coupon: { code: d.code } })),
      taxes: t.taxes.map((tax) => ({ amount: money(tax.amount), rate: tax.rate, title: tax.label })),
      total_tax: money(t.tax_total),
      total_shipping: money(t.shipping),
      shipping_handling: {
        amount_excluding_tax: money(t.shipping),
        amount_including_tax: money(t.shipping),
        total_amount: money(t.shipping),
        discounts: [],
        taxes: [],
      },
      grand_total: money(t.grand_total),
      grand_total_excl_tax: money(t.grand_total - t.tax_total),
      base_grand_total: { value: t.base_grand_total, currency: 'USD' },
    },
    grand_total: t.grand_total,
    available_actions: [],
    invoices: [],
    shipments: [],
    credit_memos: [],
    comments: [],
    gift_message: null,
  };
}

export async function loadOrderNode(q: Queryable, order: OrderRow) {
  return orderNode(order, await orderItems(q, order.id));
}

/** `Customer.orders`: the customer's own orders only, filtered, sorted (newest first by default) and paged. */
export async function customerOrders(q: Queryable, customerId: number, args: OrdersArgs) {
  const found = await findCustomerOrders(q, customerId, args);
  return {
    items: await Promise.all(found.page.map((o) => loadOrderNode(q, o))),
    total_count: found.totalCount,
    page_info: { current_page: found.currentPage, page_size: found.pageSize, total_pages: Math.ceil(found.totalCount / found.pageSize) },
    date_of_first_order: found.firstOrderAt ? dateTime(found.firstOrderAt) : null,
  };
}
export type OrderNode = ReturnType<typeof orderNode>;
