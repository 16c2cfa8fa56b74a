/**
 * The shop's carriers, titled in the shopper's words (the merchant's `carriers/<carrier>/title` and
 * `/name` settings: "Standard shipping — Tracked parcel", not Magento's admin defaults "Flat Rate — Fixed"). Amounts are in the base currency (USD) and converted to the store view's.
 * Free shipping needs a subtotal after discount of at least the threshold (or a free-shipping coupon).
 */
export interface ShippingMethodDefinition {
  carrier_code: string;
  method_code: string;
  carrier_title: string;
  method_title: string;
  amountUsd: number;
  /** Business days from dispatch to the door, at the soonest and the latest (the module's `lunette_delivery_days`). */
  deliveryDays: { min: number; max: number };
}

export const FLAT_RATE: ShippingMethodDefinition = {
  carrier_code: 'flatrate',
  method_code: 'flatrate',
  carrier_title: 'Standard shipping',
  method_title: 'Tracked parcel',
  amountUsd: 9.95,
  deliveryDays: { min: 5, max: 7 },
};
export const FREE_SHIPPING: ShippingMethodDefinition = {
  carrier_code: 'freeshipping',
  method_code: 'freeshipping',
  carrier_title: 'Free standard shipping',
  method_title: 'Tracked parcel',
  amountUsd: 0,
  deliveryDays: { min: 5, max: 7 },
};
export const EXPRESS: ShippingMethodDefinition = {
  carrier_code: 'lunetteexpress',
  method_code: 'express',
  carrier_title: 'Express shipping',
  method_title: 'Priority courier',
  amountUsd: 24.95,
  deliveryDays: { min: 1, max: 2 },
};

export const SHIPPING_METHODS = [FLAT_RATE, FREE_SHIPPING, EXPRESS] as const;

export const FREE_SHIPPING_THRESHOLD_USD = 100;

export const carrierNotFound = (carrier: string, method: string) => `Carrier with such method not found: ${carrier}, ${method}`;
