import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTED_PAGE_ICON } from '../src/modules/checkout/hosted-payment.views';
import { addAurora, approveHostedPayment, guestCart, PLACE_ORDER, readyForOrder, startCommerceBackend, type CommerceTestBackend } from './commerce-test-kit';

/**
 * ADR 018 and ADR 042: the provider's page the shop sends a shopper to pays in the store view's
 * language. The shop passes the view's locale on the redirect (`?locale=de_DE`), as real providers
 * take one; the page writes its words and the amount in that locale (it was English, "141.23 EUR",
 * in every view).
 */
let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

type Placed = {
  placeOrder: {
    orderV2: { number: string; total: { grand_total: { value: number } }; payment_methods: { additional_data: { name: string; value: string }[] }[] };
  };
};

/** A card order of one Aurora Cat-Eye placed in a store view, waiting on the provider's page. */
async function cardOrder(store: string): Promise<{ number: string; total: number; url: URL }> {
  const headers = { Store: store };
  const cartId = await guestCart(api, headers);
  await addAurora(api, cartId, 1, headers);
  await readyForOrder(api, cartId, headers, 'lunettepay_card');
  const placed = (await api.gql<Placed>(PLACE_ORDER, { c: cartId }, headers)).data!.placeOrder.orderV2;
  const url = new URL(placed.payment_methods[0]!.additional_data.find((d) => d.name === 'hosted_payment_url')!.value);
  return { number: placed.number, total: placed.total.grand_total.value, url };
}

const pageAt = async (path: string) => {
  const res = await api.http(path);
  return { status: res.status, html: await res.text() };
};
const withLocale = (url: URL, locale: string) => `${url.pathname}?locale=${locale}`;

describe('the hosted payment page speaks the store view language', () => {
  it('a de order is sent to the page with locale=de_DE; the page is German, its amount written "…,.. €"', async () => {
    const order = await cardOrder('de');
    expect(order.url.searchParams.get('locale')).toBe('de_DE');
    const { html } = await pageAt(`${order.url.pathname}${order.url.search}`);
    expect(html).toContain('<html lang="de-DE">');
    expect(html).toContain(
      `Bestellung Nr. <strong>${order.number}</strong> — zu zahlender Betrag <strong>${order.total.toFixed(2).replace('.', ',')}\u00a0€</strong>.`,
    );
    for (const words of ['Zahlung bestätigen', 'Zahlung ablehnen', 'Abbrechen und zum Shop zurückkehren']) expect(html).toContain(words);
    expect(html).not.toMatch(/Approve payment|amount due|Cancel and return/);
    // Its own icon, inline: the browser asks for none (a /favicon.ico would be a 404 in the console).
    expect(html).toContain(`<link rel="icon" href="${HOSTED_PAGE_ICON}">`);
    expect(HOSTED_PAGE_ICON).toMatch(/^data:image\/svg\+xml,/);
  });

  it("the page takes another store view's locale the shopper's redirect names (fr_FR), and ignores one no view has", async () => {
    const order = await cardOrder('de');
    const french = await pageAt(withLocale(order.url, 'fr_FR'));
    expect(french.html).toContain('<html lang="fr-FR">');
    expect(french.html).toContain('Approuver le paiement');
    const unknown = await pageAt(withLocale(order.url, 'xx_YY'));
    expect(unknown.html).toContain('Zahlung bestätigen');
  });

  it('a ca order stays English, its amount in Canadian dollars; once approved the page says so in the view language', async () => {
    const ca = await cardOrder('ca');
    expect(ca.url.searchParams.get('locale')).toBe('en_CA');
    const { html } = await pageAt(`${ca.url.pathname}${ca.url.search}`);
    expect(html).toContain(`amount due <strong>$${ca.total.toFixed(2)}</strong>`);
    expect(html).toContain('Approve payment');

    const fr = await cardOrder('fr');
    await approveHostedPayment(api, fr.url.href);
    expect((await pageAt(`${fr.url.pathname}${fr.url.search}`)).html).toContain('Ce paiement est déjà approuvé.');
  });

  it('an unknown link is refused in the locale asked, with a 404, not a 500', async () => {
    const { status, html } = await pageAt('/hosted-payment/no-such-token?locale=nl_NL');
    expect(status).toBe(404);
    expect(html).toContain('Deze betaallink is onbekend of verlopen.');
  });
});
