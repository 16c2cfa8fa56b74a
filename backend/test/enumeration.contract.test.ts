/**
 * Nobody can tell from the shop's answers, nor from how long they take, which emails have an
 * account, nor use it to mail someone over and over (ADR 037): `isEmailAvailable` answers as Magento
 * 2.4.7+ does by default, a refused sign-in checks a password of the same cost whether the email is
 * known or not, and one email gets one password-reset mail per Magento's minimum time.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as secureTokens from '../src/shared/secure-tokens';
import { firstError, newCustomer, startCommerceBackend, type CommerceTestBackend } from './commerce-test-kit';

vi.mock('../src/shared/secure-tokens', async (importOriginal) => {
  const original = await importOriginal<typeof secureTokens>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const AVAILABLE = 'query ($email: String!) { isEmailAvailable(email: $email) { is_email_available } }';
const TOKEN = 'mutation ($email: String!, $password: String!) { generateCustomerToken(email: $email, password: $password) { token } }';
const RESET = 'mutation ($email: String!) { requestPasswordResetEmail(email: $email) }';
const TOO_MANY = 'We received too many requests for password resets. Please wait and try again later or contact support@lunette.example.';

/** The password-reset mails sent to `email` (a new account's welcome mail is not one). */
const mailsTo = async (api: CommerceTestBackend, email: string) =>
  (await api.backend.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE recipient = $1 AND link IS NOT NULL', [email])).rows[0]!.n;

describe("with Magento's defaults", () => {
  let api: CommerceTestBackend;
  beforeAll(async () => {
    api = await startCommerceBackend();
  }, 180_000);
  afterAll(() => api?.close());

  it('isEmailAvailable answers true for an email that has an account, as for one that has none (Guest Checkout Login off)', async () => {
    const { email } = await newCustomer(api);
    expect((await api.gqlGet(AVAILABLE, { email })).data!.isEmailAvailable).toEqual({ is_email_available: true });
    expect((await api.gqlGet(AVAILABLE, { email: 'nobody.here@example.com' })).data!.isEmailAvailable).toEqual({ is_email_available: true });
  });

  it("a sign-in with an unknown email checks the password against a hash of a customer's cost, as a known email's wrong password is", async () => {
    const { email } = await newCustomer(api, 'Known#Pass1');
    const verify = vi.mocked(secureTokens.verifyPassword);
    verify.mockClear();
    const known = await api.gql(TOKEN, { email, password: 'Wrong#Pass1' });
    const unknown = await api.gql(TOKEN, { email: 'nobody.there@example.com', password: 'Wrong#Pass1' });
    expect(firstError(unknown)).toBe(firstError(known));
    expect(verify).toHaveBeenCalledTimes(2);
    const costOf = (stored: string) => stored.split('$').slice(0, 2).join('$');
    const [knownHash, unknownHash] = verify.mock.calls.map(([, stored]) => stored);
    expect(costOf(unknownHash!)).toBe(costOf(knownHash!));
    expect(costOf(knownHash!)).toMatch(/^scrypt\$\d+$/);
  });

  it("a second password reset for one email within 10 minutes is refused with Magento's words and sends no mail; after 10 minutes one more goes", async () => {
    const { email } = await newCustomer(api);
    expect((await api.gql(RESET, { email })).data!.requestPasswordResetEmail).toBe(true);
    for (let i = 0; i < 5; i++) {
      const again = await api.gql(RESET, { email });
      expect(again.errors![0]).toMatchObject({ message: TOO_MANY, extensions: { category: 'graphql-input' } });
    }
    expect(await mailsTo(api, email)).toBe(1);
    expect(api.logged.filter((line) => line.startsWith('[throttle]') && line.includes(email))).toHaveLength(5);
    api.clock.advance(9 * 60 + 59);
    expect(firstError(await api.gql(RESET, { email }))).toBe(TOO_MANY);
    api.clock.advance(1);
    expect((await api.gql(RESET, { email })).data!.requestPasswordResetEmail).toBe(true);
    expect(await mailsTo(api, email)).toBe(2);
  });

  it('the refusal says when the email may ask again: extensions.retry_after, the first request plus 10 minutes (the module clock)', async () => {
    const { email } = await newCustomer(api);
    const first = api.clock.now().getTime();
    expect((await api.gql(RESET, { email })).data!.requestPasswordResetEmail).toBe(true);
    const whenAllowed = new Date(first + 10 * 60_000).toISOString();
    api.clock.advance(4 * 60);
    expect((await api.gql(RESET, { email })).errors![0]!.extensions).toEqual({ category: 'graphql-input', retry_after: whenAllowed });
    // A refused request is not counted: the moment stays the same.
    api.clock.advance(5 * 60);
    expect((await api.gql(RESET, { email })).errors![0]!.extensions).toEqual({ category: 'graphql-input', retry_after: whenAllowed });
    api.clock.advance(60);
    expect(api.clock.now().toISOString()).toBe(whenAllowed);
    expect((await api.gql(RESET, { email })).data!.requestPasswordResetEmail).toBe(true);
  });

  it('an unknown email is refused alike on its second request (the refusal does not tell accounts apart)', async () => {
    const email = 'no.account.here@example.com';
    expect((await api.gql(RESET, { email })).data!.requestPasswordResetEmail).toBe(true);
    expect(firstError(await api.gql(RESET, { email }))).toBe(TOO_MANY);
  });
});

describe('with Guest Checkout Login on and no reset limit (settings)', () => {
  let api: CommerceTestBackend;
  beforeAll(async () => {
    api = await startCommerceBackend({ security: { guestCheckoutLogin: true, passwordResetMinMinutes: 0 } });
  }, 180_000);
  afterAll(() => api?.close());

  it('isEmailAvailable tells whether an account has the email', async () => {
    const { email } = await newCustomer(api);
    expect((await api.gqlGet(AVAILABLE, { email })).data!.isEmailAvailable).toEqual({ is_email_available: false });
    expect((await api.gqlGet(AVAILABLE, { email: 'free.address@example.com' })).data!.isEmailAvailable).toEqual({ is_email_available: true });
  });

  it('every password reset sends its mail', async () => {
    const { email } = await newCustomer(api);
    for (let i = 0; i < 3; i++) expect((await api.gql(RESET, { email })).data!.requestPasswordResetEmail).toBe(true);
    expect(await mailsTo(api, email)).toBe(3);
  });
});
