import { randomUUID } from 'node:crypto';
import { plainLenses, AURORA_BLACK, AURORA_M } from './helpers/checkout-setup';
import { englishWordsIn } from './helpers/english-words';
import { createCustomerWithAddress, customerTokenOf, navigateInApp, signInWithToken } from './helpers/shop-session';
import { expect, test, type APIRequestContext, type Page } from './helpers/test';

/**
 * Every store view in its own language. In each of the 13 store views a shopper walks the
 * home page, a category, a product, the lens wizard, the cart, the checkout and the account; the page
 * text (what is visible, and the names assistive technology reads: aria-label, alt, title,
 * placeholder) holds no English word (helpers/english-words.ts) where the view's language is not
 * English, brand and product names aside, and `<html lang>` is the view's locale.
 *
 * Two checks per page:
 * - the interface: the page's text with the store view's catalogue data taken out (category names
 *   and descriptions, product descriptions, option and swatch labels, lens options, CMS content, as
 *   the backend serves them to that store view) — the storefront's own words, always strict;
 * - the catalogue: the whole text, catalogue data included, product names aside. It needs the
 *   backend to serve store-scoped catalogue data in the view's language (ADR 018);
 *   `I18N_WALK_CATALOG=0` runs the interface check alone.
 */
const STORE_VIEWS: [code: string, locale: string][] = [
  ['default', 'en-US'],
  ['eu', 'en-GB'],
  ['us', 'en-US'],
  ['fr', 'fr-FR'],
  ['es', 'es-ES'],
  ['uk', 'en-GB'],
  ['nl', 'nl-NL'],
  ['hk', 'en-HK'],
  ['mx', 'es-MX'],
  ['de', 'de-DE'],
  ['au', 'en-AU'],
  ['ca', 'en-CA'],
  ['ch', 'de-CH'],
];
const CHECK_CATALOG = process.env.I18N_WALK_CATALOG !== '0';
/** Proper names of the shop (the brand) and of the lens materials it sells. */
const BRAND_NAMES = ['Lunette Eyewear', 'Lunette', 'Trivex'];

async function storeGql<T>(request: APIRequestContext, code: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await request.post('/graphql', { headers: { 'content-type': 'application/json', Store: code }, data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('\n'));
  return body.data!;
}

const textOfHtml = (html: string | null | undefined) =>
  (html ?? '')
    .replace(/<[^>]*>/g, '\n')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

interface CatalogueText {
  /** Product names: proper names, exempt from both checks. */
  productNames: string[];
  /** Everything else the backend serves this store view that the walk shows. */
  data: string[];
}

/** What the backend serves this store view for the pages of the walk (names, descriptions, labels, CMS). */
async function catalogueTextOf(request: APIRequestContext, code: string): Promise<CatalogueText> {
  const { categoryList } = await storeGql<{
    categoryList: { uid: string; name: string; description: string | null; children: { uid: string; name: string; description: string | null }[] }[];
  }>(request, code, '{ categoryList { uid name description children { uid name description children { uid name description } } } }');
  const categories = categoryList.flatMap(function flat(c: {
    uid: string;
    name: string;
    description: string | null;
    children?: unknown[];
  }): { uid: string; name: string; description: string | null }[] {
    return [c, ...((c.children ?? []) as (typeof c)[]).flatMap(flat)];
  });
  type Option = { title?: string; label?: string; value?: { title: string }[]; values?: { label: string; store_label?: string | null }[] };
  const { products } = await storeGql<{
    products: {
      items: {
        name: string;
        description: { html: string } | null;
        short_description: { html: string } | null;
        media_gallery: { label: string | null }[] | null;
        configurable_options?: Option[];
        options?: Option[];
      }[];
      aggregations: { label: string; options: { label: string }[] }[];
    };
  }>(
    request,
    code,
    `query ($uids: [String!]) { products(filter: { category_uid: { in: $uids } }, pageSize: 200) { items {
      name description { html } short_description { html } media_gallery { label }
      ... on ConfigurableProduct { configurable_options { label values { label store_label } } }
      ... on CustomizableProductInterface { options { title ... on CustomizableRadioOption { value { title } } ... on CustomizableCheckboxOption { value { title } } } }
    } aggregations { label options { label } } } }`,
    { uids: categories.map((c) => c.uid) },
  );
  const { cmsPage } = await storeGql<{ cmsPage: { title: string; content_heading: string; content: string } | null }>(
    request,
    code,
    '{ cmsPage(identifier: "home") { title content_heading content } }',
  );
  const { countries } = await storeGql<{ countries: { full_name_locale: string | null; available_regions: { name: string }[] | null }[] }>(
    request,
    code,
    '{ countries { full_name_locale available_regions { name } } }',
  );
  const data = [
    ...countries.flatMap((c) => [c.full_name_locale ?? '', ...(c.available_regions ?? []).map((r) => r.name)]),
    ...products.aggregations.flatMap((a) => [a.label, ...a.options.map((o) => o.label)]),
    ...categories.flatMap((c) => [c.name, textOfHtml(c.description)]),
    ...products.items.flatMap((p) => [
      textOfHtml(p.description?.html),
      textOfHtml(p.short_description?.html),
      ...(p.media_gallery ?? []).map((m) => m.label ?? ''),
      ...(p.configurable_options ?? []).flatMap((o) => [o.label ?? '', ...(o.values ?? []).flatMap((v) => [v.label, v.store_label ?? ''])]),
      ...(p.options ?? []).flatMap((o) => [o.title ?? '', ...(o.value ?? []).map((v) => v.title)]),
    ]),
    cmsPage?.title ?? '',
    cmsPage?.content_heading ?? '',
    textOfHtml(cmsPage?.content),
  ];
  const lines = (texts: string[]) => [
    ...new Set(
      texts
        .flatMap((t) => t.split('\n'))
        .map((t) => t.trim())
        .filter((t) => t.length > 0),
    ),
  ];
  return { productNames: lines(products.items.map((p) => p.name)), data: lines(data) };
}

/** What the page shows and says: its visible text, and the accessible names and hints of its visible elements. */
async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || el === document.body;
    const parts = [document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
      if (!visible(el) && !el.hasAttribute('aria-label')) continue;
      for (const name of ['aria-label', 'alt', 'title', 'placeholder']) {
        const value = el.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    // The store switcher names every store view in its own words ("UK - English"): a list of languages.
    const storeOptions = [...document.querySelectorAll('select option')].filter((o) => o.parentElement?.querySelector('option[value="ca"]'));
    let text = parts.join('\n');
    for (const option of storeOptions) text = text.split(option.textContent ?? '').join('\n');
    return text;
  });
}

/** `text` with each of `strings` taken out, longest first. */
function without(text: string, strings: string[]): string {
  let rest = text;
  for (const s of [...strings].sort((a, b) => b.length - a.length)) if (s.length > 1) rest = rest.split(s).join('\n');
  return rest;
}

/** A guest cart of this store view with one Aurora Cat-Eye and plain lenses, as the browser keeps it (spec §9 cartId_<code>). */
async function guestCartIn(page: Page, request: APIRequestContext, code: string) {
  const lenses = await plainLenses(request);
  const { createGuestCart } = await storeGql<{ createGuestCart: { cart: { id: string } } }>(request, code, 'mutation { createGuestCart { cart { id } } }');
  const cartId = createGuestCart.cart.id;
  const { addProductsToCart } = await storeGql<{ addProductsToCart: { user_errors: { message: string }[] } }>(
    request,
    code,
    'mutation ($c: String!, $o: [ID!]) { addProductsToCart(cartId: $c, cartItems: [{ sku: "LN1001", quantity: 1, selected_options: $o }]) { user_errors { message } } }',
    { c: cartId, o: [AURORA_BLACK, AURORA_M, ...lenses] },
  );
  expect(addProductsToCart.user_errors).toEqual([]);
  // The walk's earlier pages may have started a cart of their own: this one replaces it.
  await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, JSON.stringify({ value, timeStored: Date.now() })), {
    key: `cartId_${code}`,
    value: cartId,
  });
}

for (const [code, locale] of STORE_VIEWS) {
  const english = locale.startsWith('en-');
  test(`the ${code} store view speaks ${locale} on every page of a walk, <html lang> included`, async ({ page, browser, request }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the words are the same on a phone');
    test.setTimeout(120_000);
    const catalogue = english ? { productNames: [], data: [] } : await catalogueTextOf(request, code);
    const interfaceFindings: string[] = [];
    const catalogueFindings: string[] = [];

    const read = async (where: string, on: Page) => {
      await expect(on.locator('html')).toHaveAttribute('lang', locale);
      if (english) return;
      const text = await pageText(on);
      const names = [...BRAND_NAMES, ...catalogue.productNames];
      // Catalogue data first (a description names its product), longest first.
      interfaceFindings.push(...englishWordsIn(without(text, [...catalogue.data, ...names])).map((w) => `${where}: ${w}`));
      catalogueFindings.push(...englishWordsIn(without(text, names)).map((w) => `${where}: ${w}`));
    };

    // A page load where the walk starts (the server's render in the view's language, then the app),
    // then in-app navigations as a shopper's clicks make them: the words are the app's either way.
    await page.goto(`/${code}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await read('home', page);

    await navigateInApp(page, `/${code}/eyeglasses.html`);
    await expect(page.locator('main a[href$="aurora-cat-eye.html"]').first()).toBeVisible();
    await read('category', page);

    await navigateInApp(page, `/${code}/aurora-cat-eye.html`);
    await expect(page.locator('main h1')).toHaveText(/Aurora/);
    await expect(page.locator('main button').first()).toBeVisible();
    await read('product', page);

    await navigateInApp(page, `/${code}/customize/aurora-cat-eye`);
    await expect(page.locator('main input[type="radio"]').first()).toBeVisible();
    await read('lens wizard', page);

    // The cart made through the API is the browser's once the page loads again (the shop reads its cart on load).
    await guestCartIn(page, request, code);
    await page.goto(`/${code}/cart`);
    await expect(page.locator('main a[href$="/checkout"]').first()).toBeVisible();
    await read('cart', page);

    await navigateInApp(page, `/${code}/checkout`);
    await expect(page.locator('main input[autocomplete="email"]')).toBeVisible();
    await read('checkout', page);

    // The account in a browser of its own: a customer signed in has a cart of their own.
    const customer = await createCustomerWithAddress(request, 'Inès', `i18n-${code}-${randomUUID().slice(0, 8)}@example.com`);
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const account = await context.newPage();
    await signInWithToken(account, await customerTokenOf(request, customer.email, customer.password));
    await account.goto(`/${code}/account-information`);
    await expect(account.locator('main input[autocomplete="username"]').first()).toBeVisible();
    await read('account', account);
    await navigateInApp(account, `/${code}/address-book`);
    await expect(account.locator('main address, main li').first()).toBeVisible();
    await read('address book', account);
    await context.close();

    expect(interfaceFindings, 'English words in the interface').toEqual([]);
    if (CHECK_CATALOG) expect(catalogueFindings, 'English words in the catalogue data (backend: store-scoped values in the view’s language)').toEqual([]);
  });
}
