import type { Queryable } from '../../db/database';
import { authorizationError, inputError } from '../../graphql/errors';
import { type CartTotals, computeCartTotals } from '../cart/cart-totals';
import { cartItems, type CartRow, updateCart } from '../cart/cart.queries';
import { carrierNotFound } from '../cart/shipping-methods';
import { insertCustomerAddress, ownAddress } from '../customer/address-book.queries';
import { type AddressFields, type StoredAddress, validateAddress } from '../customer/addresses';

/** `CartAddressInput` (GraphQL) flattened for validation. */
export interface CartAddressInput {
  firstname?: string;
  lastname?: string;
  company?: string | null;
  street?: (string | null)[];
  city?: string;
  region?: string | null;
  region_id?: number | null;
  postcode?: string | null;
  country_code?: string;
  telephone?: string;
  fax?: string | null;
  vat_id?: string | null;
  save_in_address_book?: boolean | null;
}

export const cartAddressFields = (input: CartAddressInput): AddressFields => ({ ...input, region_code: input.region ?? null });

/**
 * The address a checkout step names: a new one, or one from the customer's address book
 * (customers only, their own addresses only).
 */
export async function chosenAddress(
  q: Queryable,
  source: { address?: CartAddressInput | null; customer_address_id?: number | null; customer_address_uid?: string | null },
  customerId: number | null,
  kind: 'shipping' | 'billing',
  now: Date,
): Promise<StoredAddress> {
  const bookId = source.customer_address_uid ? Number(Buffer.from(source.customer_address_uid, 'base64').toString('utf8')) : source.customer_address_id;
  if (bookId && source.address) throw inputError(`The ${kind} address cannot contain "customer_address_id" and "address" at the same time.`);
  if (bookId) {
    // Magento (QuoteGraphQl GetCustomerAddress): an address book belongs to a signed-in customer.
    if (customerId === null) throw authorizationError("The current customer isn't authorized.");
    return (await ownAddress(q, customerId, bookId)).data;
  }
  if (!source.address) {
    throw inputError(
      kind === 'shipping'
        ? 'The shipping address must contain either "customer_address_id" or "address".'
        : 'The billing address must contain either "customer_address_id", "address", or "same_as_shipping".',
    );
  }
  const address = validateAddress(cartAddressFields(source.address), 'cart');
  if (source.address.save_in_address_book && customerId !== null) await insertCustomerAddress(q, customerId, address, now);
  return address;
}

export async function totalsOf(q: Queryable, cart: CartRow, now: Date): Promise<CartTotals> {
  return computeCartTotals(q, cart, await cartItems(q, cart.id), now);
}

export async function saveShippingAddress(q: Queryable, cart: CartRow, address: StoredAddress, now: Date): Promise<CartRow> {
  if ((await totalsOf(q, cart, now)).isVirtual) throw inputError('The Cart includes virtual product(s) only, so a shipping address is not used.');
  return updateCart(q, cart.id, { shipping_address: address, ...(cart.billing_same_as_shipping ? { billing_address: address } : {}) }, now);
}

export async function saveShippingMethod(q: Queryable, cart: CartRow, carrierCode: string, methodCode: string, now: Date): Promise<CartRow> {
  if (!(await cartItems(q, cart.id)).length) throw inputError("The shipping method can't be set for an empty cart. Add an item to cart and try again.");
  if (!cart.shipping_address) throw inputError('The shipping address is missing. Set the address and try again.');
  const totals = await totalsOf(q, cart, now);
  const method = totals.shippingMethods.find((m) => m.carrier_code === carrierCode && m.method_code === methodCode && m.available);
  if (!method) throw inputError(carrierNotFound(carrierCode, methodCode));
  return updateCart(q, cart.id, { shipping_method: { carrier_code: carrierCode, method_code: methodCode } }, now);
}

export const SAME_AS_SHIPPING_WITHOUT_ADDRESS = 'Could not use the "same_as_shipping" option, because the shipping address has not been set.';

export async function saveBillingAddress(q: Queryable, cart: CartRow, address: StoredAddress | 'same_as_shipping', now: Date): Promise<CartRow> {
  if (address === 'same_as_shipping') {
    if (!cart.shipping_address) throw inputError(SAME_AS_SHIPPING_WITHOUT_ADDRESS);
    return updateCart(q, cart.id, { billing_address: cart.shipping_address, billing_same_as_shipping: true }, now);
  }
  return updateCart(q, cart.id, { billing_address: address, billing_same_as_shipping: false }, now);
}

export async function savePaymentMethod(q: Queryable, cart: CartRow, code: string, purchaseOrderNumber: string | null, now: Date): Promise<CartRow> {
  const totals = await totalsOf(q, cart, now);
  // Magento's PaymentMethodManagement::set: a cart that ships needs its shipping address first.
  if (!totals.isVirtual && !cart.shipping_address) throw inputError('The shipping address is missing. Set the address and try again.');
  if (!totals.paymentMethods.some((m) => m.code === code)) throw inputError('The requested Payment Method is not available.');
  return updateCart(q, cart.id, { payment_method: code, purchase_order_number: purchaseOrderNumber }, now);
}
