/**
 * The shop's carriers, titled in the shopper's words (the merchant's `carriers/<carrier>/title` and
 * `/name` settings: "Standard shipping — Tracked parcel", not Magento's admin defaults "Flat Rate — Fixed"). Amounts are in the base currency (USD) and converted to the store view's.
 * One standard option (ADR 040): the flat rate, which costs nothing once the subtotal after discount
 * reaches the store view's `carriers/freeshipping/free_shipping_subtotal` or the cart has a
 * free-shipping coupon (Magento's free-shipping rule zeroes the rate; no second, free carrier is
 * offered). Below the threshold the free-shipping carrier is listed unavailable with the threshold in
 * its error message (Magento's "Show Method if Not Applicable"), so it can never be chosen.
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

/** A carrier's one method: the [code, title] of the carrier and of the method, the price and the delivery days. */
function carrierMethod(
  [carrier_code, carrier_title]: [code: string, title: string],
  [method_code, method_title]: [code: string, title: string],
  amountUsd: number,
  [min, max]: [min: number, max: number],
): ShippingMethodDefinition {
  return { carrier_code, method_code, carrier_title, method_title, amountUsd, deliveryDays: { min, max } };
}

export const FLAT_RATE = carrierMethod(['flatrate', 'Standard shipping'], ['flatrate', 'Tracked parcel'], 9.95, [5, 7]);
export const FREE_SHIPPING = carrierMethod(['freeshipping', 'Free standard shipping'], ['freeshipping', 'Tracked parcel'], 0, [5, 7]);
export const EXPRESS = carrierMethod(['lunetteexpress', 'Express shipping'], ['express', 'Priority courier'], 24.95, [1, 2]);

/** The methods a shopper can choose: one standard parcel, one express courier. */
export const SHIPPING_METHODS = [FLAT_RATE, EXPRESS] as const;

export const carrierNotFound = (carrier: string, method: string) => `Carrier with such method not found: ${carrier}, ${method}`;
