import { one, type Queryable } from '../../db/database';

export interface Coupon {
  code: string;
  label: string;
  kind: 'percent' | 'fixed' | 'free_shipping';
  /** Percent for `percent`, USD for `fixed`. */
  amount: number;
  expires_at: Date | null;
  is_active: boolean;
}

export const INVALID_COUPON = "The coupon code isn't valid. Verify the code and try again.";
/** Applying or removing a coupon on a cart without lines (Magento's CouponManagement refuses both). */
export const NO_PRODUCTS = 'Cart does not contain products.';

/** Coupon codes match case-insensitively, as on Magento's default collation. */
export async function findCoupon(q: Queryable, code: string): Promise<Coupon | null> {
  const row = await one<Omit<Coupon, 'amount'> & { amount: string }>(q, 'SELECT * FROM coupon WHERE upper(code) = upper($1)', [code.trim()]);
  return row ? { ...row, amount: Number(row.amount) } : null;
}

export const isCouponUsable = (coupon: Coupon | null, now: Date): coupon is Coupon =>
  Boolean(coupon && coupon.is_active && (!coupon.expires_at || coupon.expires_at.getTime() > now.getTime()));
