// @vitest-environment jsdom
import { ApolloError } from '@apollo/client';
import { cleanup, render } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { ReactNode } from 'react';
import { createIntl, IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadMessages, NO_MESSAGES, type Messages } from '../../src/services/i18n/messages';
import { RestResponseError } from '../../src/services/rest/rest-client';
import { FormError } from '../../src/ui/account/form-field';
import { StepError } from '../../src/ui/checkout/checkout-step';
import { PaymentReturnView } from '../../src/ui/payment-return/payment-return-view';
import { toastMessage } from '../../src/ui/shell/toast-region';
import { ErrorLine } from '../../src/ui/shared/error-line';
import { LinkErrorOutcome } from '../../src/ui/shared/link-page/link-outcome';
import { shopperMessageOf } from '../../src/ui/shared/shopper-message';

/** A masked cart id as Magento makes them (32 characters). */
const CART_ID = 'Zq8rT2vYb4Lm9Xc1Wd7Ke5Hn3Ps6Ja0G';
const URL_OF_CART = `https://shop.example/rest/default/V1/guest-carts/${CART_ID}/payment-information`;

/** The failures a phone meets, as the REST and GraphQL layers hand them to the machines. */
const FAILURES: Record<string, () => unknown> = {
  'network error': () => new TypeError('Failed to fetch'),
  abort: () => new DOMException('The operation was aborted.', 'AbortError'),
  timeout: () => new DOMException('The operation timed out.', 'TimeoutError'),
  '500 whose body holds a URL, status and cart id': () =>
    new RestResponseError({
      method: 'POST',
      url: URL_OF_CART,
      status: 500,
      statusText: 'Internal Server Error',
      bodyText: JSON.stringify({ message: `POST ${URL_OF_CART} failed: status 500 for cart ${CART_ID}`, trace: '#0 /var/www/app.php(12)' }),
    }),
  '404 naming the cart id': () =>
    new RestResponseError({
      method: 'POST',
      url: URL_OF_CART,
      status: 404,
      statusText: 'Not Found',
      bodyText: JSON.stringify({ message: 'No such entity with %fieldName = %fieldValue', parameters: { fieldName: 'cartId', fieldValue: CART_ID } }),
    }),
  'GraphQL error with raw text': () =>
    new ApolloError({ graphQLErrors: [new GraphQLError(`Could not find a cart with ID "${CART_ID}" (POST https://shop.example/graphql 404)`)] }),
  'GraphQL 500 network error': () =>
    new ApolloError({
      networkError: Object.assign(new Error('Response not successful: Received status code 500'), {
        name: 'ServerError',
        statusCode: 500,
        result: { message: `${URL_OF_CART} responded 500` },
      }),
    }),
};

/** What a shopper must never read: a URL, a request method, a 4xx/5xx status, a cart id. */
function rawPartsOf(text: string): string[] {
  const found: string[] = [];
  if (/http/i.test(text)) found.push('http');
  if (/\b(GET|POST|PUT|PATCH|DELETE)\b/.test(text)) found.push('method');
  if (/\b[45]\d{2}\b/.test(text)) found.push('status');
  if (text.includes(CART_ID)) found.push('cart id');
  return found;
}

const textOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const ignoreMissingTranslations = (error: { code?: string }) => {
  if (error.code !== 'MISSING_TRANSLATION') throw error;
};

const LOCALES: Array<{ locale: string; messages: () => Messages }> = [];
let french: Messages = NO_MESSAGES;
beforeAll(async () => {
  french = await loadMessages('fr-FR');
});
LOCALES.push({ locale: 'en-CA', messages: () => NO_MESSAGES }, { locale: 'fr-FR', messages: () => french });

function shown(locale: string, messages: Messages, ui: ReactNode): string {
  const { container, unmount } = render(
    <IntlProvider locale={locale} messages={messages} onError={ignoreMissingTranslations}>
      <MemoryRouter>{ui}</MemoryRouter>
    </IntlProvider>,
  );
  const text = container.textContent ?? '';
  unmount();
  return text;
}

/** Every view that shows a cart, checkout, account or payment-return failure, given one. */
const VIEWS: Record<string, (error: unknown) => ReactNode> = {
  'checkout step / review (StepError)': (error) => <StepError id="e" error={error as Error} />,
  'checkout step, text (StepError)': (error) => <StepError id="e" error={textOf(error)} />,
  'cart line, coupon, add to cart (ErrorLine)': (error) => <ErrorLine message={textOf(error)} />,
  'account forms: sign in, create account, forgot password (FormError)': (error) => <FormError id="e" message={error} />,
  'account form, text (FormError)': (error) => <FormError id="e" message={textOf(error)} />,
  'payment return refused': (error) => <PaymentReturnView state={{ status: 'refused', message: textOf(error), orderNumber: '000000042' }} />,
  'payment return / link page error (LinkErrorOutcome)': (error) => (
    <LinkErrorOutcome title="Title" message={textOf(error)} onRetry={() => undefined} otherAction={null} />
  ),
};

afterEach(cleanup);

describe('spec §8: no shown message holds a URL, a request method, a status or a cart id', () => {
  it('the injected failures do hold them (the test would see a leak)', () => {
    for (const [name, make] of Object.entries(FAILURES)) {
      const raw = make();
      if (name.includes('URL') || name.includes('raw text') || name.includes('404')) expect(rawPartsOf(textOf(raw)), name).not.toEqual([]);
    }
  });

  for (const { locale, messages } of LOCALES) {
    for (const [view, renderView] of Object.entries(VIEWS)) {
      it(`spec §8 ${locale}: ${view} shows plain words for every injected failure`, () => {
        for (const [failure, make] of Object.entries(FAILURES)) {
          const text = shown(locale, messages(), renderView(make()));
          expect(text.trim(), `${view} / ${failure}`).not.toBe('');
          expect(rawPartsOf(text), `${view} / ${failure}: ${text}`).toEqual([]);
        }
      });
    }

    it(`spec §8 ${locale}: a toast's backend reason (add to cart, wishlist) never carries the raw text`, () => {
      const intl = createIntl({ locale, messages: messages(), onError: ignoreMissingTranslations });
      for (const [failure, make] of Object.entries(FAILURES)) {
        for (const messageId of ['cart.toast.addFailed', 'wishlist.toast.failed']) {
          const text = toastMessage(intl, { message: textOf(make()), messageId, values: { reason: textOf(make()) } });
          expect(rawPartsOf(text), `${messageId} / ${failure}: ${text}`).toEqual([]);
        }
        expect(rawPartsOf(toastMessage(intl, { message: textOf(make()) })), failure).toEqual([]);
      }
    });
  }

  it('spec §8: a refusal the shop explained in plain words is still shown as it said it', () => {
    const intl = createIntl({ locale: 'en-CA', onError: ignoreMissingTranslations });
    const refusal = new ApolloError({ graphQLErrors: [new GraphQLError('The coupon code "SPRING" is not valid.')] });
    expect(shopperMessageOf(refusal, intl)).toBe('The coupon code "SPRING" is not valid.');
    expect(shopperMessageOf(new TypeError('Failed to fetch'), intl)).toBe('The shop could not be reached. Check your connection and try again.');
  });
});
