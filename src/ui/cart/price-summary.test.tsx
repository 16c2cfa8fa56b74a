// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../../services/i18n/messages';
import { STORE_LOCALES } from '../../services/store-view/store-views';
import { cartWithAurora } from '../shared/stories/cart-story-data';
import { PriceSummary } from './price-summary';

afterEach(cleanup);

/** The words on the summary's "Shipping" line, before a shipping method is chosen. */
async function shippingWords(locale: string, atCheckout: boolean): Promise<string> {
  const messages = await loadMessages(locale);
  render(
    <IntlProvider locale={locale} messages={messages} onError={() => undefined}>
      <PriceSummary details={cartWithAurora} atCheckout={atCheckout} />
    </IntlProvider>,
  );
  const term = screen.getByText(messages['cart.summary.shipping'] ?? 'Shipping', { selector: 'dt' });
  const words = term.nextElementSibling?.textContent ?? '';
  cleanup();
  return words;
}

describe('spec §3 cart prices, before a shipping method is chosen (spec §2 checkout flow: the method is its second step)', () => {
  it('the cart says shipping is calculated at checkout', async () => {
    expect(await shippingWords('en-CA', false)).toBe('Calculated at checkout');
  });

  it('the checkout, already at checkout, says it comes with the shipping method, in all 13 store views', async () => {
    expect(await shippingWords('en-CA', true)).toBe('Calculated with the shipping method');
    expect(await shippingWords('fr-FR', true)).toBe('Calculée avec le mode de livraison');
    expect(await shippingWords('de-DE', true)).toBe('Wird mit der Versandart berechnet');
    for (const locale of new Set(Object.values(STORE_LOCALES))) {
      expect(await shippingWords(locale, true), locale).not.toBe(await shippingWords(locale, false));
    }
  });
});
