/** Every browser-storage key of spec §9, in one place. */
export const STORAGE_KEYS = {
  storeViewCode: 'store_view_code',
  storeViewCurrency: 'store_view_currency',
  storeViewSecureBaseMediaUrl: 'store_view_secure_base_media_url',
  signinToken: 'signin_token',
  billingAddress: 'billing_address',
  paymentMethod: 'paymentMethod',
  shippingAddress: 'shipping_address',
  shippingMethod: 'shippingMethod',
  availableShippingMethods: 'availableShippingMethods',
  magentoCacheId: 'magento_cache_id',
  imagesBySku: 'imagesBySku',
} as const;

/** The cart id key carries the store code as a suffix (spec §9): each store view has its own cart. */
export const cartIdKey = (storeCode: string) => `cartId_${storeCode}`;

/** This tab's record (sessionStorage) of the cart a store-view switch left behind in the view it left. */
export const CART_LEFT_KEY = 'cartLeft';

/** ADR 042: the hosted payment this browser went to pay (localStorage) and the tab that went (sessionStorage), per store view. */
export const pendingPaymentKey = (storeCode: string) => `pendingPayment_${storeCode}`;

/** Checkout keys removed after an order (spec §9). */
export const CHECKOUT_KEYS = [
  STORAGE_KEYS.billingAddress,
  STORAGE_KEYS.paymentMethod,
  STORAGE_KEYS.shippingAddress,
  STORAGE_KEYS.shippingMethod,
  STORAGE_KEYS.availableShippingMethods,
] as const;
