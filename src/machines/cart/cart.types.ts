/** Cart data as the machine sees it (spec §3 "Cart", "Cart item", "Cart prices"). */
import type { AnyActorRef } from 'xstate';

export interface Money {
  currency: string;
  value: number;
}

export interface CartItemError {
  code: string;
  message: string;
}

export interface CartItemProduct {
  uid: string;
  name: string;
  sku: string;
  url_key?: string | null;
  thumbnail?: { url: string | null } | null;
  small_image?: { url: string | null; label?: string | null } | null;
  stock_status?: string | null;
  price?: { regularPrice: { amount: { value: number | null } } } | null;
}

export interface ConfigurableOption {
  id: number;
  configurable_product_option_uid: string;
  option_label: string;
  configurable_product_option_value_uid: string;
  value_label: string;
  value_id: number;
}

/** A value of a custom option on a cart line: a chosen value, or the text typed in (then its uid is the option's). */
export interface CartItemCustomOptionValue {
  customizable_option_value_uid: string;
  label: string;
  value: string;
}

/**
 * A custom option of a cart line (Magento `SelectedCustomizableOption`): the lens usage, index and
 * coatings (chosen values), the prescription (typed text: JSON, "Prescription to follow" or an
 * uploaded prescription's reference). `type` is Magento's option type ("field", "area", "radio"...).
 */
export interface CartItemCustomOption {
  customizable_option_uid: string;
  label: string;
  type?: string | null;
  values: Array<CartItemCustomOptionValue | null> | null;
}

export interface CartItem {
  uid: string;
  quantity: number;
  __typename?: string;
  prices?: {
    price: Money;
    row_total: { value: number };
    /** The unit price and row total with their tax (Magento's CartItemPrices): what a view showing cart prices including tax lists (ADR 040). */
    price_including_tax?: { value: number } | null;
    row_total_including_tax?: { value: number } | null;
    total_item_discount?: { value: number } | null;
  } | null;
  errors?: CartItemError[] | null;
  product: CartItemProduct;
  configurable_options?: ConfigurableOption[] | null;
  /** The line's custom options (lenses, prescription), as the backend answered them. */
  customizable_options?: Array<CartItemCustomOption | null> | null;
  /** A configurable line's chosen variant (its colour's pictures); the line's product is the parent. */
  configured_variant?:
    | (Pick<CartItemProduct, 'uid' | 'sku' | 'thumbnail' | 'small_image'> & {
        media_gallery?: Array<{ url?: string | null; label?: string | null; position?: number | null; disabled?: boolean | null } | null> | null;
      })
    | null;
}

export interface ShippingMethod {
  carrier_code: string;
  carrier_title: string;
  method_code: string;
  method_title?: string | null;
  amount: Money;
}

export interface CartShippingAddress {
  street: string[];
  selected_shipping_method?: { carrier_code?: string; method_code?: string; amount: Money } | null;
  available_shipping_methods?: ShippingMethod[] | null;
}

export interface CartPrices {
  grand_total?: Money | null;
  subtotal_excluding_tax?: Money | null;
  subtotal_including_tax?: Money | null;
  discounts?: Array<{ amount: Money; label: string }> | null;
  applied_taxes?: Array<{ amount: Money; label?: string }> | null;
}

export interface CartDetails {
  id: string;
  items?: Array<CartItem | null> | null;
  total_quantity?: number;
  prices?: CartPrices | null;
  applied_coupons?: Array<{ code: string }> | null;
  shipping_addresses?: CartShippingAddress[] | null;
  available_payment_methods?: Array<{ code: string; title?: string }> | null;
  /** ADR 039: the backend's digest of what the review shows (lines, options, prices, totals); sent back when the order is placed. */
  lunette_review_digest?: string | null;
}

/** What the add-item mutation needs (spec §7: cartId, parentSku, product, quantity, sku). */
export interface CartItemToAdd {
  sku: string;
  /** The configurable parent's sku when `sku` is a variant. */
  parentSku?: string;
  quantity: number;
  /** Selected configurable option value uids (and selected custom option value uids: lens choices). */
  selectedOptions?: string[];
  /** Custom options typed in, by option uid (e.g. the lens prescription as JSON text). */
  enteredOptions?: { uid: string; value: string }[];
}

/** An update of one cart line (spec §4 "Update item"). */
export interface CartItemUpdate {
  itemUid: string;
  quantity: number;
  /** Configurable products are removed and re-added instead of updated (spec §4). */
  isConfigurable: boolean;
  /** What to (re-)add: the chosen variant for a configurable, the same product for a guest after recovery. */
  item: CartItemToAdd;
  /**
   * True when `item` names only what changes (e.g. the colour or size): every custom option of the
   * line that `item` does not name (lens choices, typed prescription, uploaded prescription) is
   * re-added with it, read from the cart's answer for that line. Absent or false: `item` carries the
   * line's full new options (the lens wizard) and they replace the line's.
   */
  keepLineOptions?: boolean;
}

/**
 * An error as actors hand it to the machine: GraphQL failures carry `graphQLErrors` and/or
 * `networkError` (the Apollo error shape); anything else is just a message.
 */
export interface CartError {
  message: string;
  graphQLErrors?: ReadonlyArray<{ message: string }>;
  networkError?: unknown;
}

/**
 * A machine's request to the cart (ADR 010 §6): the cart answers it, once, with `cart.answer` sent to
 * `replyTo`, whatever becomes of it: done, refused by the backend, not taken (the cart was busy or
 * had none) or dropped (the cart was replaced before it ended).
 */
export interface CartRequest {
  id: string;
  replyTo: AnyActorRef;
}

/** The cart's answer to a {@link CartRequest}. */
export type CartAnswer =
  { type: 'cart.answer'; requestId: string; outcome: 'done' } | { type: 'cart.answer'; requestId: string; outcome: 'failed'; error: CartError };

/**
 * The cart's answer to a details request (`cart.getDetails` carrying a {@link CartRequest}; ADR 010 §6,
 * ADR 039): a `cart.answer` whose `done` carries the details it read; `failed` as an add's: the
 * backend's refusal or the lost answer of the read, not taken (busy, or no cart), dropped (the cart
 * was replaced before the read ended).
 */
export type CartDetailsAnswer = { type: 'cart.answer'; requestId: string; outcome: 'done'; details: CartDetails } | Extract<CartAnswer, { outcome: 'failed' }>;

/** ADR 039: what the cart announces (XState `emit`) each time it has read its details: they are the cart's now. */
export interface CartDetailsRead {
  type: 'cart.details.read';
  details: CartDetails;
}

/**
 * ADR 042: a hosted payment the shopper was sent to pay: the cart that became its order, the order's
 * number, and whether this tab is the one that went to the provider's page (Back brought it here).
 */
export interface PendingPayment {
  cartId: string;
  orderNumber: string;
  cameBack: boolean;
}

/** ADR 042: the order a hosted payment left unpaid, and its cart when the backend gave it back (null: the order still waits). */
export interface RestoredPaymentCart {
  orderNumber: string;
  cartId: string | null;
}
