/**
 * The shop's carriers. Amounts are in the base currency (USD) and converted to the store view's.
 * Free shipping needs a subtotal after discount of at least the threshold (or a free-shipping coupon).
 */
export interface ShippingMethodDefinition {
  carrier_code: string;
  method_code: string;
  carrier_title: string;
  method_title: string;
  amountUsd: number;
}

export const FLAT_RATE: ShippingMethodDefinition = {
  carrier_code: 'flatrate',
  method_code: 'flatrate',
  carrier_title: 'Flat Rate',
  method_title: 'Fixed',
  amountUsd: 9.95,
};
export const FREE_SHIPPING: ShippingMethodDefinition = {
  carrier_code: 'freeshipping',
  method_code: 'freeshipping',
  carrier_title: 'Free Shipping',
  method_title: 'Free',
  amountUsd: 0,
};
export const EXPRESS: ShippingMethodDefinition = {
  carrier_code: 'lunetteexpress',
  method_code: 'express',
  carrier_title: 'Lunette Express',
  method_title: 'Express (1-2 business days)',
  amountUsd: 24.95,
};

export const SHIPPING_METHODS = [FLAT_RATE, FREE_SHIPPING, EXPRESS] as const;

export const FREE_SHIPPING_THRESHOLD_USD = 100;

export const carrierNotFound = (carrier: string, method: string) => `Carrier with such method not found: ${carrier}, ${method}`;
