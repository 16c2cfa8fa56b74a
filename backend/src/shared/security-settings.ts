/**
 * The shop's defences against account enumeration and guessing (ADR 037), each a setting with
 * Magento 2.4's default; `readSecuritySettings` takes them from the environment.
 */
export interface SecuritySettings {
  /**
   * Magento's "Enable Guest Checkout Login" (`checkout/options/enable_guest_checkout_login`, off by
   * default since 2.4.7): only when on does `isEmailAvailable` tell whether an account has an email;
   * off, it answers `true` for every email, so nobody can list the shop's customers with it.
   */
  guestCheckoutLogin: boolean;
  /**
   * Magento's `customer/password/min_time_between_password_reset_requests` (10 minutes): the
   * shortest time between two password-reset requests for one email; 0 turns the limit off.
   */
  passwordResetMinMinutes: number;
  /**
   * Magento's coupon code request limiter (`Magento\SalesRule\Model\Coupon\CodeLimitManager`) counts
   * each code that names no coupon in the captcha log, per customer and per remote address, and
   * refuses every code once either count reaches its limit. Here: failed codes per cart, Magento's
   * `customer/captcha/failed_attempts_login` (3); 0 turns this count off.
   */
  couponFailedAttemptsPerCart: number;
  /** Failed codes per client address, Magento's `customer/captcha/failed_attempts_ip` (1000); 0 turns this count off. */
  couponFailedAttemptsPerClient: number;
  /** How long a failed code counts: the captcha log forgets attempts after 30 minutes (`Log::deleteOldAttempts`). */
  couponAttemptsWindowMinutes: number;
}

export const MAGENTO_SECURITY_DEFAULTS: SecuritySettings = {
  guestCheckoutLogin: false,
  passwordResetMinMinutes: 10,
  couponFailedAttemptsPerCart: 3,
  couponFailedAttemptsPerClient: 1000,
  couponAttemptsWindowMinutes: 30,
};

const whole = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of 0 or more, not "${value}"`);
  return n;
};

/**
 * GUEST_CHECKOUT_LOGIN (`1`/`true` turns it on), PASSWORD_RESET_MIN_MINUTES,
 * COUPON_FAILED_ATTEMPTS_PER_CART, COUPON_FAILED_ATTEMPTS_PER_CLIENT and COUPON_ATTEMPTS_WINDOW_MINUTES;
 * each unset one keeps Magento's default.
 */
export function readSecuritySettings(env: Readonly<Record<string, string | undefined>>): SecuritySettings {
  const d = MAGENTO_SECURITY_DEFAULTS;
  return {
    guestCheckoutLogin: /^(1|true|yes)$/i.test(env.GUEST_CHECKOUT_LOGIN?.trim() ?? ''),
    passwordResetMinMinutes: whole('PASSWORD_RESET_MIN_MINUTES', env.PASSWORD_RESET_MIN_MINUTES, d.passwordResetMinMinutes),
    couponFailedAttemptsPerCart: whole('COUPON_FAILED_ATTEMPTS_PER_CART', env.COUPON_FAILED_ATTEMPTS_PER_CART, d.couponFailedAttemptsPerCart),
    couponFailedAttemptsPerClient: whole('COUPON_FAILED_ATTEMPTS_PER_CLIENT', env.COUPON_FAILED_ATTEMPTS_PER_CLIENT, d.couponFailedAttemptsPerClient),
    couponAttemptsWindowMinutes: whole('COUPON_ATTEMPTS_WINDOW_MINUTES', env.COUPON_ATTEMPTS_WINDOW_MINUTES, d.couponAttemptsWindowMinutes),
  };
}
