import { print, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../backend/src/backend';
import { categoryPageHead, cmsPageHead, productPageHead, type PageHeadContext } from '../../src/services/seo/page-head';
import { renderPageHead } from '../../src/services/seo/render-page-head';
import { GET_CATEGORY, type GetCategoryQuery } from '../../src/ui/catalog/category-page.operations';
import { GET_CMS_PAGE, type GetCmsPageQuery } from '../../src/ui/cms/cms-page.operations';
import { GET_PRODUCT_DETAIL, type GetProductDetailQuery } from '../../src/ui/product/product-page.operations';
import { serverGraphqlFetch } from '../backend-graphql';
import { storeViewsOf } from './sitemap-data';

const ORIGIN = 'https://shop.example';

/**
 * The page heads built from the answers of the pages' own documents, as the server render will
 * (ADR 014: a curl of a category, product or CMS URL returns title, canonical, hreflang and JSON-LD).
 */
describe('SEO (ADR 014): page heads from the embedded backend’s answers', () => {
  let backend: Backend;
  let ask: <T>(document: DocumentNode, variables: Record<string, unknown>) => Promise<T>;
  let context: PageHeadContext;

  beforeAll(async () => {
    backend = await createBackend({ cacheDir: '.data/test-cache/seo-page-heads', publicOrigin: ORIGIN });
    const fetchOn = serverGraphqlFetch(backend, null)(ORIGIN);
    ask = async <T>(document: DocumentNode, variables: Record<string, unknown>) => {
      const response = await fetchOn('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', Store: 'fr' },
        body: JSON.stringify({ query: print(document), variables }),
      });
      return ((await response.json()) as { data: T }).data;
    };
    context = {
      origin: ORIGIN,
      storeCode: 'fr',
      path: '/',
      search: '',
      storeName: 'Lunette Eyewear',
      locale: 'fr_FR',
      currency: 'EUR',
      storeViews: await storeViewsOf(fetchOn),
      defaultStoreCode: 'ca',
    };
  });
  afterAll(() => backend.close());

  it('a product: title, canonical, hreflang, Open Graph and a Product with its offer in the view’s currency', async () => {
    const data = await ask<GetProductDetailQuery>(GET_PRODUCT_DETAIL, { urlKey: 'aurora-cat-eye' });
    const product = data.products?.items?.[0];
    expect(product).toBeTruthy();
    const head = productPageHead({ ...context, path: '/aurora-cat-eye.html', search: '?utm_source=x' }, product!);
    const html = renderPageHead(head);
    expect(html).toContain('<link data-page-head rel="canonical" href="https://shop.example/fr/aurora-cat-eye.html">');
    expect(html).toContain('<link data-page-head rel="alternate" hreflang="x-default" href="https://shop.example/ca/aurora-cat-eye.html">');
    expect(html).toContain('<link data-page-head rel="alternate" hreflang="de-CH" href="https://shop.example/ch/aurora-cat-eye.html">');
    expect(html).toMatch(/<title data-page-head>Aurora/);
    const productLd = head.jsonLd.find((d) => (d as { '@type': string })['@type'] === 'Product') as { offers: Record<string, unknown>; image?: string[] };
    expect(productLd.offers).toMatchObject({ priceCurrency: 'EUR', url: 'https://shop.example/fr/aurora-cat-eye.html' });
    expect(productLd.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    expect(productLd.image?.[0]).toMatch(/^https:\/\/shop\.example\/media\//);
    expect(head.jsonLd.some((d) => (d as { '@type': string })['@type'] === 'BreadcrumbList')).toBe(true);
  });

  it('a category: its meta or name as title, canonical, hreflang and a BreadcrumbList', async () => {
    const { categories } = await ask<GetCategoryQuery>(GET_CATEGORY, { uid: 'Mw==' });
    const category = categories?.items?.[0];
    expect(category?.url_path).toBeTruthy();
    const head = categoryPageHead({ ...context, search: '?page=2&sort=name_ASC' }, category!);
    expect(head.canonical).toBe(`https://shop.example/fr/${category!.url_path}${category!.url_suffix ?? '.html'}?page=2`);
    expect(head.alternates).toHaveLength(13);
    expect(renderPageHead(head)).toContain('type="application/ld+json">{"@context":"https://schema.org","@type":"BreadcrumbList"');
  });

  it('a CMS page: title, description, canonical at /{identifier}', async () => {
    const { cmsPage } = await ask<GetCmsPageQuery>(GET_CMS_PAGE, { identifier: 'about-us' });
    const head = cmsPageHead({ ...context, path: '/about-us' }, cmsPage!);
    expect(head.canonical).toBe('https://shop.example/fr/about-us');
    // The fr store view answers its CMS pages in French.
    expect(head.title).toMatch(/À propos/);
    expect(head.description).toBeTruthy();
  });
});
