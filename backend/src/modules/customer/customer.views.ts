import { uidOf } from '../../shared/secure-tokens';
import type { CustomerRow } from './customer.queries';

/** A `Customer` answer: the row's fields; addresses, orders and wishlists resolve from `__customerId`. */
export function customerNode(row: CustomerRow) {
  return {
    __customerId: row.id,
    id: uidOf(row.id),
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    middlename: row.middlename,
    prefix: row.prefix,
    suffix: row.suffix,
    date_of_birth: row.date_of_birth,
    dob: row.date_of_birth,
    gender: row.gender,
    taxvat: row.taxvat,
    is_subscribed: row.is_subscribed,
    default_billing: row.default_billing_id === null ? null : String(row.default_billing_id),
    default_shipping: row.default_shipping_id === null ? null : String(row.default_shipping_id),
    created_at: row.created_at.toISOString().replace('T', ' ').slice(0, 19),
    confirmation_status: 'ACCOUNT_CONFIRMATION_NOT_REQUIRED',
    allow_remote_shopping_assistance: false,
    custom_attributes: [],
    group: null,
    group_id: 1,
    telephone: null,
    reviews: { items: [], page_info: { current_page: 1, page_size: 20, total_pages: 0 } },
  };
}

export type CustomerNode = ReturnType<typeof customerNode>;
