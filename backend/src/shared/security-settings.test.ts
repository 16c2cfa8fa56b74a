import { describe, expect, it } from 'vitest';
import { MAGENTO_SECURITY_DEFAULTS, readSecuritySettings } from './security-settings';

describe("ADR 037: the enumeration defences are settings with Magento's defaults", () => {
  it('unset: Guest Checkout Login off, 10 minutes between password resets, 3 failed coupon codes per cart and 1000 per client in 30 minutes', () => {
    expect(readSecuritySettings({})).toEqual({
      guestCheckoutLogin: false,
      passwordResetMinMinutes: 10,
      couponFailedAttemptsPerCart: 3,
      couponFailedAttemptsPerClient: 1000,
      couponAttemptsWindowMinutes: 30,
    });
    expect(readSecuritySettings({})).toEqual(MAGENTO_SECURITY_DEFAULTS);
  });

  it('read from the environment; a value that is not a whole number refuses to start', () => {
    expect(
      readSecuritySettings({
        GUEST_CHECKOUT_LOGIN: '1',
        PASSWORD_RESET_MIN_MINUTES: '0',
        COUPON_FAILED_ATTEMPTS_PER_CART: '5',
        COUPON_FAILED_ATTEMPTS_PER_CLIENT: '0',
        COUPON_ATTEMPTS_WINDOW_MINUTES: '60',
      }),
    ).toEqual({
      guestCheckoutLogin: true,
      passwordResetMinMinutes: 0,
      couponFailedAttemptsPerCart: 5,
      couponFailedAttemptsPerClient: 0,
      couponAttemptsWindowMinutes: 60,
    });
    expect(() => readSecuritySettings({ COUPON_FAILED_ATTEMPTS_PER_CART: '-1' })).toThrow('COUPON_FAILED_ATTEMPTS_PER_CART must be a whole number');
    expect(() => readSecuritySettings({ PASSWORD_RESET_MIN_MINUTES: 'ten' })).toThrow('PASSWORD_RESET_MIN_MINUTES must be a whole number');
  });
});
