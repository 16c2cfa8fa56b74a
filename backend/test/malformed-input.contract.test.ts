/**
 * A malformed request is refused with a 4xx in its endpoint's own shape (GraphQL errors with
 * `extensions.category`, Magento's REST `{ message }`), never a 500 or "Unexpected error.", and a
 * value that is not what the field takes never comes back in the message (ADR 037).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAurora, guestCart, startCommerceBackend, type CommerceTestBackend } from './commerce-test-kit';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
}, 180_000);
afterAll(() => api?.close());

const SECRET = 'Hunter2-secret';

describe('GraphQL', () => {
  it('an array sent where the password goes is refused as input, and the array is not written back', async () => {
    const res = await api.gql('mutation ($e: String!, $p: String!) { generateCustomerToken(email: $e, password: $p) { token } }', {
      e: 'ada@example.com',
      p: [SECRET, SECRET],
    });
    expect(res.status).toBeLessThan(500);
    expect(res.errors![0]!.extensions!.category).toBe('graphql-input');
    expect(res.errors![0]!.message).toMatch(/^Variable "\$p" got invalid value/);
    expect(JSON.stringify(res.errors)).not.toContain(SECRET);
  });

  it.each([
    ['a huge number', Buffer.from('99999999999999999999999').toString('base64')],
    ['a number past PostgreSQL integers', Buffer.from('2147483648').toString('base64')],
    ['not base64', '%%%'],
  ])('updateCartItems with a uid that decodes to %s says the item is not found', async (_what, uid) => {
    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    const res = await api.gql(
      'mutation ($c: String!, $u: ID!) { updateCartItems(input: { cart_id: $c, cart_items: [{ cart_item_uid: $u, quantity: 2 }] }) { cart { id } errors { code message } } }',
      { c: cartId, u: uid },
    );
    expect(JSON.stringify(res)).not.toContain('Unexpected error');
    expect(res.status).toBe(200);
    const refusal = (res.data?.updateCartItems as { errors?: { code: string }[] } | undefined)?.errors?.[0]?.code ?? res.errors?.[0]?.extensions?.category;
    expect(refusal).toMatch(/COULD_NOT_FIND_CART_ITEM|graphql-input|graphql-no-such-entity/);
  });
});

describe('REST', () => {
  const rest = (path: string, init: RequestInit) => api.http(path, init);
  const address = {
    firstname: 'Ada',
    lastname: 'L',
    street: ['1 Main St'],
    city: 'Toronto',
    region_id: 74,
    postcode: 'M5V 2T6',
    country_id: 'CA',
    telephone: '5551234567',
  };

  it('payment-information sent form-encoded is a 400 with a message, not a 500', async () => {
    const cartId = await guestCart(api);
    const res = await rest(`/rest/V1/guest-carts/${cartId}/payment-information`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=ada%40example.com&paymentMethod[method]=checkmo',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Server cannot understand Content-Type HTTP header media type application/x-www-form-urlencoded',
    );
  });

  it.each([
    ['street as a string', { ...address, street: 'not-a-list' }, 'street', 'string[]'],
    ['street with a number', { ...address, street: [12] }, 'street', 'string[]'],
    ['city as an object', { ...address, city: { a: 1 } }, 'city', 'string'],
    ['region_id as a string', { ...address, region_id: 'x'.repeat(5000) }, 'region_id', 'int'],
  ])('shipping-information with %s is a 400 naming the field and the type it takes', async (_what, shipping, field, type) => {
    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    const res = await rest(`/rest/V1/guest-carts/${cartId}/shipping-information`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ addressInformation: { shipping_address: shipping, shipping_carrier_code: 'flatrate', shipping_method_code: 'flatrate' } }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      `The "${field}" value's type is invalid. The "${type}" type was expected. Verify and try again.`,
    );
  });

  it.each([
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"x"'],
    ['null', 'null'],
  ])('a body that is %s is a 400', async (_what, body) => {
    const cartId = await guestCart(api);
    const res = await rest(`/rest/V1/guest-carts/${cartId}/set-payment-information`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(400);
  });
});

describe('media', () => {
  it('a path with a broken percent-encoding is a 400, not a 500', async () => {
    const res = await api.http('/media/catalog/product/%E0%A4%A.png');
    expect(res.status).toBe(400);
  });
});
