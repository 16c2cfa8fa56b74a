/**
 * Coupon codes cannot be guessed (ADR 037): as Magento's coupon code request limiter counts codes
 * that name no coupon per customer and per remote address, the shop counts them per cart and per
 * client address, and once either count reaches its limit within the window every code is refused,
 * a right one too, with Magento's words in the store view's language, until the window has passed
 * (the module clock moves; nothing waits). Guesses are sent straight to /graphql, as a script would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAurora, firstError, guestCart, startCommerceBackend, type CommerceTestBackend } from './commerce-test-kit';

const APPLY = 'mutation ($c: String!, $code: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: $code }) { cart { applied_coupons { code } } } }';
const LIMITED = "The coupon code couldn't be applied: Too many coupon code requests, please try again later.";
const INVALID = "The coupon code isn't valid. Verify the code and try again.";

const apply = (api: CommerceTestBackend, cartId: string, code: string, headers: Record<string, string> = {}) =>
  api.gql<{ applyCouponToCart: { cart: { applied_coupons: { code: string }[] | null } } }>(APPLY, { c: cartId, code }, headers);

async function cartWithFrame(api: CommerceTestBackend, headers: Record<string, string> = {}): Promise<string> {
  const cartId = await guestCart(api, headers);
  await addAurora(api, cartId, 1, headers);
  return cartId;
}

describe("per cart, with Magento's defaults (3 codes naming no coupon in 30 minutes)", () => {
  let api: CommerceTestBackend;
  beforeAll(async () => {
    api = await startCommerceBackend();
  }, 180_000);
  afterAll(() => api?.close());

  it('thirty guesses on one cart: three are answered, the rest refused, a live code too, until 30 minutes after the guesses', async () => {
    const cartId = await cartWithFrame(api);
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push((await apply(api, cartId, `GUESS${i}`)).errors![0]);
    for (const answered of answers.slice(0, 3)) expect(answered).toMatchObject({ message: INVALID, extensions: { category: 'graphql-no-such-entity' } });
    for (const refused of answers.slice(3)) expect(refused).toMatchObject({ message: LIMITED, extensions: { category: 'graphql-input' } });
    expect(api.logged.filter((line) => line.startsWith('[throttle] coupon code refused for cart'))).toHaveLength(27);

    // A live code finds nothing while the cart is throttled: guesses cannot tell it from a wrong one.
    const live = await apply(api, cartId, 'WELCOME10');
    expect(live.errors![0]).toMatchObject({ message: LIMITED, extensions: { category: 'graphql-input' } });
    expect(live.data?.applyCouponToCart ?? null).toBeNull();

    api.clock.advance(30 * 60 - 1);
    expect(firstError(await apply(api, cartId, 'WELCOME10'))).toBe(LIMITED);
    api.clock.advance(1);
    expect((await apply(api, cartId, 'WELCOME10')).data!.applyCouponToCart).toEqual({ cart: { applied_coupons: [{ code: 'WELCOME10' }] } });
  });

  it('each refusal says when a code is taken again: extensions.retry_after, 30 minutes after the guess that keeps the count at its limit', async () => {
    const cartId = await cartWithFrame(api);
    const start = api.clock.now().getTime();
    for (let i = 0; i < 3; i++) {
      await apply(api, cartId, `MISS${i}`);
      api.clock.advance(60);
    }
    // Three guesses at 0, 1 and 2 minutes; the fourth (at 3) is refused and counts too, so a code is
    // taken again once two guesses are left in the window: 30 minutes after the one at 1 minute.
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    expect((await apply(api, cartId, 'MISS3')).errors![0]!.extensions).toEqual({ category: 'graphql-input', retry_after: at(31) });
    // Guessing on while refused pushes the moment on: the third newest guess is now the one at 2 minutes.
    expect((await apply(api, cartId, 'MISS4')).errors![0]!.extensions).toEqual({ category: 'graphql-input', retry_after: at(32) });
    api.clock.advance(29 * 60 - 1);
    expect(firstError(await apply(api, cartId, 'WELCOME10'))).toBe(LIMITED);
    api.clock.advance(1);
    expect((await apply(api, cartId, 'WELCOME10')).data!.applyCouponToCart).toEqual({ cart: { applied_coupons: [{ code: 'WELCOME10' }] } });
  });

  it('another cart is not throttled by the first one, and codes that name a coupon (an expired one) do not count', async () => {
    const throttled = await cartWithFrame(api);
    for (let i = 0; i < 3; i++) await apply(api, throttled, `WRONG${i}`);
    expect(firstError(await apply(api, throttled, 'FREESHIP'))).toBe(LIMITED);

    const other = await cartWithFrame(api);
    for (let i = 0; i < 5; i++) expect(firstError(await apply(api, other, 'SPRING2024'))).toBe(INVALID);
    expect((await apply(api, other, 'FREESHIP')).data!.applyCouponToCart).toEqual({ cart: { applied_coupons: [{ code: 'FREESHIP' }] } });
  });

  it("the refusal is in the store view's language", async () => {
    const fr = { Store: 'fr' };
    const cartId = await cartWithFrame(api, fr);
    for (let i = 0; i < 3; i++) await apply(api, cartId, `FAUX${i}`, fr);
    expect((await apply(api, cartId, 'WELCOME10', fr)).errors![0]).toMatchObject({
      message: 'Le code promo n’a pas pu être appliqué : trop de demandes de code promo, veuillez réessayer plus tard.',
      extensions: { category: 'graphql-input' },
    });
  });
});

describe('per client address (settings: 4 per client, none per cart; behind a trusted proxy)', () => {
  let api: CommerceTestBackend;
  beforeAll(async () => {
    api = await startCommerceBackend({ security: { couponFailedAttemptsPerCart: 0, couponFailedAttemptsPerClient: 4 }, trustProxy: 'loopback' });
  }, 180_000);
  afterAll(() => api?.close());

  it("a client's guesses spread over new carts are refused once they reach the limit; another client's are not; the window lifts it", async () => {
    const guesser = { 'X-Forwarded-For': '203.0.113.7' };
    for (let i = 0; i < 4; i++) expect(firstError(await apply(api, await cartWithFrame(api, guesser), `SPREAD${i}`, guesser))).toBe(INVALID);
    const fresh = await cartWithFrame(api, guesser);
    expect(firstError(await apply(api, fresh, 'WELCOME10', guesser))).toBe(LIMITED);
    expect(api.logged).toContain('[throttle] coupon code refused for client 203.0.113.7: 4 codes naming no coupon within 30 minutes');

    const neighbour = { 'X-Forwarded-For': '203.0.113.8' };
    const theirs = await cartWithFrame(api, neighbour);
    expect((await apply(api, theirs, 'WELCOME10', neighbour)).data!.applyCouponToCart).toEqual({ cart: { applied_coupons: [{ code: 'WELCOME10' }] } });

    api.clock.advance(30 * 60);
    expect((await apply(api, fresh, 'WELCOME10', guesser)).data!.applyCouponToCart).toEqual({ cart: { applied_coupons: [{ code: 'WELCOME10' }] } });
  });
});
