import { expect, test } from './fixtures';

/**
 * Garbage in every browser-storage key of spec §9 (src/services/storage/storage-keys.ts,
 * the cart id per store, the persisted Apollo cache) never stops the shop from booting.
 */
const KEYS = [
  'cartId_ca',
  'imagesBySku',
  'store_view_code',
  'store_view_currency',
  'store_view_secure_base_media_url',
  'signin_token',
  'billing_address',
  'paymentMethod',
  'shipping_address',
  'shippingMethod',
  'availableShippingMethods',
  'magento_cache_id',
  'apollo-cache-persist-ca',
];
const GARBAGE = ['{not json', 'null', '42', '{"value":{"nested":[1,2]},"timeStored":"yesterday"}', '[]'];

for (const [index, garbage] of GARBAGE.entries()) {
  test(`every §9 storage key holding garbage #${index + 1} (${garbage}): home, cart and checkout boot`, async ({ page }) => {
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    await page.addInitScript(
      ({ keys, value }) => {
        if (sessionStorage.getItem('garbage-set')) return;
        sessionStorage.setItem('garbage-set', '1');
        for (const key of keys) localStorage.setItem(key, value);
      },
      { keys: KEYS, value: garbage },
    );
    for (const [path, heading] of [
      ['/ca/', null],
      ['/ca/cart', 'Cart'],
      ['/ca/checkout', null],
    ] as const) {
      await page.goto(path);
      const h1 = heading ? page.getByRole('heading', { level: 1, name: heading }) : page.getByRole('heading', { level: 1 }).first();
      await expect(h1).toBeVisible();
    }
    expect(crashes).toEqual([]);
  });
}
