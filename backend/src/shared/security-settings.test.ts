import { describe, expect, it } from 'vitest';
import { MAGENTO_SECURITY_DEFAULTS, readSecuritySettings } from './security-settings';

describe("ADR 037: the enumeration defences are settings with Magento's defaults", () => {
  it('unset: Guest Checkout Login off, 10 minutes between password resets', () => {
    expect(readSecuritySettings({})).toEqual({ guestCheckoutLogin: false, passwordResetMinMinutes: 10 });
    expect(readSecuritySettings({})).toEqual(MAGENTO_SECURITY_DEFAULTS);
  });

  it('read from the environment; a value that is not a whole number refuses to start', () => {
    expect(readSecuritySettings({ GUEST_CHECKOUT_LOGIN: '1', PASSWORD_RESET_MIN_MINUTES: '0' })).toEqual({
      guestCheckoutLogin: true,
      passwordResetMinMinutes: 0,
    });
    expect(() => readSecuritySettings({ PASSWORD_RESET_MIN_MINUTES: 'ten' })).toThrow('PASSWORD_RESET_MIN_MINUTES must be a whole number');
  });
});
