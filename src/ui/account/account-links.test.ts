import { describe, expect, it } from 'vitest';
import { accountLinks } from './account-links';

describe('account menu links every account page', () => {
  it("lists each of the signed-in customer's pages of spec §2, saved prescriptions included", () => {
    const pages = [
      '/account-information',
      '/order-history',
      '/address-book',
      '/prescription',
      '/wishlist',
      '/saved-payments',
      '/communications',
      '/social-accounts',
    ];
    expect(accountLinks.map((l) => l.to).sort()).toEqual([...pages].sort());
  });
});
