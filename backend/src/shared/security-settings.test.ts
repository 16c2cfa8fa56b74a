import { describe, expect, it } from 'vitest';
import { MAGENTO_SECURITY_DEFAULTS, readSecuritySettings } from './security-settings';

describe("ADR 037: the throttles are settings with Magento's defaults", () => {
  it('unset: Guest Checkout Login off, 10 minutes between password resets, 10 coupon guesses per 10 minutes', () => {
    expect(readSecuritySettings({})).toEqual({ guestCheckoutLogin: false, passwordResetMinMinutes: 10, couponAttempts: 10, couponWindowMinutes: 10 });
    expect(readSecuritySettings({})).toEqual(MAGENTO_SECURITY_DEFAULTS);
  });

  it('read from the environment; a value that is not a whole number refuses to start', () => {
    expect(readSecuritySettings({ GUEST_CHECKOUT_LOGIN: '1', PASSWORD_RESET_MIN_MINUTES: '0', COUPON_ATTEMPTS: '3', COUPON_WINDOW_MINUTES: '60' })).toEqual({
      guestCheckoutLogin: true,
      passwordResetMinMinutes: 0,
      couponAttempts: 3,
      couponWindowMinutes: 60,
    });
    expect(() => readSecuritySettings({ PASSWORD_RESET_MIN_MINUTES: 'ten' })).toThrow('PASSWORD_RESET_MIN_MINUTES must be a whole number');
  });
});
