import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { shopperMessageOf } from './shopper-message';

const intl = createIntl({ locale: 'en', messages: {} });
const raw = (status: number, serverMessage: string) =>
  Object.assign(
    new Error(
      `POST https://shop.test/rest/ca/V1/guest-carts/0123456789abcdef0123456789abcdef/payment-information responded ${status} X: ${serverMessage}\nTrace: #0`,
    ),
    {
      status,
      serverMessage,
    },
  );

describe('spec §8: a shopper reads plain words, never the raw request', () => {
  it("a refusal the shop explained shows the shop's words only", () => {
    expect(shopperMessageOf(raw(400, 'The requested Payment Method is not available.'), intl)).toBe('The requested Payment Method is not available.');
  });

  it('a server failure, or words holding an id, show the generic message', () => {
    expect(shopperMessageOf(raw(500, 'SQLSTATE[HY000]'), intl)).toBe('Something went wrong. Sorry about that.');
    expect(shopperMessageOf(raw(404, 'No such entity with cartId = 0123456789abcdef0123456789abcdef'), intl)).toBe('Something went wrong. Sorry about that.');
  });

  it('a 500 the server answered through GraphQL is a failure of the shop, not of the connection', () => {
    const serverError = Object.assign(new Error('Response not successful: Received status code 500'), { name: 'ServerError', statusCode: 500 });
    expect(shopperMessageOf({ networkError: serverError, message: serverError.message }, intl)).toBe('Something went wrong. Sorry about that.');
  });

  it('no answer at all says the shop could not be reached', () => {
    // A machine that kept only the error's text (the lens wizard's add) still gets the plain words.
    expect(shopperMessageOf('Failed to fetch', intl)).toBe('The shop could not be reached. Check your connection and try again.');
    expect(shopperMessageOf(new TypeError('Failed to fetch'), intl)).toBe('The shop could not be reached. Check your connection and try again.');
    expect(shopperMessageOf({ networkError: new TypeError('Failed to fetch'), message: 'Failed to fetch' }, intl)).toBe(
      'The shop could not be reached. Check your connection and try again.',
    );
  });

  it('a request the shop did not send (offline) says the shop could not be reached, never its own words', () => {
    const notSent = Object.assign(new Error('The browser is offline: the request was not sent.'), { requestNotSent: true });
    expect(shopperMessageOf(notSent, intl)).toBe('The shop could not be reached. Check your connection and try again.');
    expect(shopperMessageOf('The browser is offline: the request was not sent.', intl)).toBe(
      'The shop could not be reached. Check your connection and try again.',
    );
  });

  it("GraphQL refusals show Magento's messages; the shop's own plain errors stay as they are", () => {
    expect(shopperMessageOf({ graphQLErrors: [{ message: 'Region is required.' }], message: 'Region is required.' }, intl)).toBe('Region is required.');
    expect(shopperMessageOf(new Error('Missing required information: email'), intl)).toBe('Missing required information: email');
  });

  it('raw text that reached an error some other way is never shown', () => {
    const messages = [
      raw(400, 'x').message,
      'GET /graphql?query=… failed',
      'Placing the order answered without an order id: {"x":"0123456789abcdef0123456789abcdef"}',
    ];
    for (const message of messages) expect(shopperMessageOf(new Error(message), intl)).toBe('Something went wrong. Sorry about that.');
  });
});

describe('ADR 037: a throttled request says when it may be asked again', () => {
  const now = new Date('2026-12-02T14:05:00Z');
  const throttled = (retryAfter: string) => ({
    message: 'The coupon code could not be applied',
    graphQLErrors: [
      {
        message: "The coupon code couldn't be applied: Too many coupon code requests, please try again later.",
        extensions: { category: 'graphql-input', retry_after: retryAfter },
      },
    ],
  });

  it("adds the time of day to Magento's words, written as the store view writes times", () => {
    const en = createIntl({ locale: 'en-CA', timeZone: 'UTC', messages: {} });
    expect(shopperMessageOf(throttled('2026-12-02T14:35:00.000Z'), en, now)).toBe(
      "The coupon code couldn't be applied: Too many coupon code requests, please try again later. You can try again at 2:35 p.m.",
    );
    const de = createIntl({ locale: 'de-DE', timeZone: 'UTC', messages: { 'error.retryAt': 'Sie können es um {time} erneut versuchen.' } });
    expect(shopperMessageOf(throttled('2026-12-02T14:35:00.000Z'), de, now)).toMatch(/Sie können es um 14:35 erneut versuchen\.$/);
  });

  it('names the day when the time falls on another day', () => {
    const en = createIntl({ locale: 'en-CA', timeZone: 'UTC', messages: {} });
    expect(shopperMessageOf(throttled('2026-12-03T00:10:00.000Z'), en, now)).toMatch(/You can try again on December 3 at 12:10 a\.m\.$/);
  });

  it('says nothing more once the time has passed, or when the refusal names no time', () => {
    const en = createIntl({ locale: 'en-CA', timeZone: 'UTC', messages: {} });
    expect(shopperMessageOf(throttled('2026-12-02T14:00:00.000Z'), en, now)).toBe(
      "The coupon code couldn't be applied: Too many coupon code requests, please try again later.",
    );
    expect(shopperMessageOf(throttled('not a time'), en, now)).toBe(
      "The coupon code couldn't be applied: Too many coupon code requests, please try again later.",
    );
  });
});
