/**
 * Catalog and CMS URLs answered with their page rendered on the server, taken over in
 * the browser without a mismatch and without asking the backend again for what the server sent.
 */
import { expect, test, type Page } from './helpers/test';
import { hydrationComplaints } from './helpers/hydration';

/** The GraphQL operations a page sends, by name (queries go as GET with `?query=`, mutations as POST). */
function graphqlOperations(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname !== '/graphql') return;
    const text = url.searchParams.get('query') ?? request.postData() ?? '';
    names.push(/(?:query|mutation)\s*([A-Za-z0-9_]+)/.exec(text)?.[1] ?? '(anonymous)');
  });
  return names;
}

test.describe('server render', () => {
  test('curl: a product, a category and a CMS page come with their content; an unknown URL is a 404; a redirect is a real one', async ({ request }) => {
    const product = await request.get('/ca/aurora-cat-eye.html');
    expect(product.status()).toBe(200);
    const productHtml = await product.text();
    expect(productHtml).toMatch(/<h1[^>]*>Aurora Cat-Eye<\/h1>/);
    expect(productHtml).toContain('id="shop-rendered-page"');
    // SEO: the page's own title, canonical, hreflang alternates (x-default too) and JSON-LD.
    expect(productHtml).toContain('<title data-page-head>Aurora Cat-Eye | Lunette Eyewear</title>');
    expect(productHtml).toMatch(/<link data-page-head rel="canonical" href="http:\/\/[^"]+\/ca\/aurora-cat-eye\.html">/);
    expect(productHtml).toMatch(/<link data-page-head rel="alternate" hreflang="fr-FR" href="[^"]+\/fr\/aurora-cat-eye\.html">/);
    expect(productHtml).toContain('hreflang="x-default"');
    expect(productHtml).toMatch(/<script data-page-head type="application\/ld\+json">\{"@context":"https:\/\/schema.org","@type":"Product"/);
    // The page's own styles come with it: it paints styled before any script has run.
    expect(productHtml).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/catalog-[^"]+\.css">/);

    const category = await request.get('/ca/eyeglasses.html');
    expect(category.status()).toBe(200);
    expect(await category.text()).toMatch(/<h1[^>]*>Eyeglasses<\/h1>/);

    const cms = await request.get('/ca/about-us');
    expect(cms.status()).toBe(200);
    expect(await cms.text()).toMatch(/<h1[^>]*>[^<]+<\/h1>/);

    // The home page's CMS content links to the shop in its store view (its source writes `/eyeglasses.html`).
    const home = await (await request.get('/fr/')).text();
    expect(home).toContain('href="/fr/eyeglasses.html"');
    expect(home).not.toContain('href="/eyeglasses.html"');

    const missing = await request.get('/ca/no-such-frame.html');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('Looks like the page you were hoping to find doesn&#x27;t exist.');

    const moved = await request.get('/ca/glasses.html', { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe('/ca/eyeglasses.html');
    const sale = await request.get('/ca/summer-sale.html', { maxRedirects: 0 });
    expect(sale.status()).toBe(302);
    expect(sale.headers().location).toBe('/ca/sale.html');
  });

  for (const { path, heading, rendered } of [
    { path: '/ca/aurora-cat-eye.html', heading: 'Aurora Cat-Eye', rendered: ['GetProductDetail', 'ResolveURL', 'getLocale'] },
    { path: '/ca/eyeglasses.html', heading: 'Eyeglasses', rendered: ['GetCategory', 'GetProductListing', 'ResolveURL', 'getLocale'] },
    { path: '/fr/aurora-cat-eye.html', heading: 'Aurora Cat-Eye', rendered: ['GetProductDetail', 'ResolveURL', 'getLocale'] },
  ]) {
    test(`${path} hydrates with no mismatch and asks nothing the server sent`, async ({ page }) => {
      const operations = graphqlOperations(page);
      const complaints = hydrationComplaints(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('combobox', { name: /Store|Boutique/ })).toBeEnabled();
      await page.waitForLoadState('networkidle');
      expect(complaints).toEqual([]);
      for (const name of rendered) expect(operations, `${name} was sent again`).not.toContain(name);
      if (path.startsWith('/fr/')) await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    });
  }

  test('the server-rendered page navigates inside the app once taken over', async ({ page }) => {
    await page.goto('/ca/aurora-cat-eye.html');
    await page
      .getByRole('link', { name: /Eyeglasses/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Eyeglasses' })).toBeVisible();
  });
});
