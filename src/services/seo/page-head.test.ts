import { describe, expect, it } from 'vitest';
import { SEEDED_VIEWS } from './seo.fixtures';
import {
  categoryPageHead,
  cmsPageHead,
  homePageHead,
  notFoundPageHead,
  privatePageHead,
  productPageHead,
  searchPageHead,
  type PageHeadContext,
  type SeoCategory,
  type SeoProduct,
} from './page-head';

const context = (over: Partial<PageHeadContext> = {}): PageHeadContext => ({
  origin: 'https://shop.example',
  storeCode: 'fr',
  path: '/aurora-cat-eye.html',
  search: '',
  storeName: 'Lunette Eyewear',
  locale: 'fr_FR',
  currency: 'EUR',
  storeViews: SEEDED_VIEWS,
  defaultStoreCode: 'ca',
  ...over,
});

const price = (value: number, currency: 'EUR' | 'USD' = 'EUR') => ({
  minimum_price: { final_price: { value, currency }, regular_price: { value, currency } },
});

const womenBreadcrumbs = [{ category_uid: 'Mw==', category_name: 'Eyeglasses', category_url_path: 'eyeglasses', category_level: 2 }];

const product = (over: Partial<SeoProduct> = {}): SeoProduct => ({
  sku: 'LUN-AURORA',
  name: 'Aurora Cat-Eye',
  url_key: 'aurora-cat-eye',
  url_suffix: '.html',
  meta_title: null,
  meta_description: null,
  stock_status: 'IN_STOCK',
  description: { html: '<p>A light acetate cat-eye &amp; <b>spring hinges</b>.</p>' },
  media_gallery: [
    { url: 'https://shop.example/media/aurora-side.jpg', label: 'Side', position: 2, disabled: false },
    { url: 'https://shop.example/media/aurora-front.jpg', label: 'Front', position: 1, disabled: false },
    { url: 'https://shop.example/media/hidden.jpg', label: 'Hidden', position: 0, disabled: true },
  ],
  price_range: price(129),
  categories: [
    { uid: 'Mw==', name: 'Eyeglasses', url_path: 'eyeglasses', url_suffix: '.html', breadcrumbs: null },
    { uid: 'NA==', name: 'Women', url_path: 'eyeglasses/women', url_suffix: '.html', breadcrumbs: womenBreadcrumbs },
  ],
  ...over,
});

const category: SeoCategory = {
  name: 'Women',
  url_path: 'eyeglasses/women',
  url_suffix: '.html',
  description: '<p>Frames for women.</p>',
  meta_title: null,
  meta_description: null,
  breadcrumbs: womenBreadcrumbs,
};

const byType = (jsonLd: object[], type: string) => jsonLd.find((d) => (d as { '@type': string })['@type'] === type) as Record<string, unknown> | undefined;
const og = (head: { openGraph: { property: string; content: string }[] }, property: string) => head.openGraph.find((o) => o.property === property)?.content;

describe('SEO (ADR 014): product page head', () => {
  it("titles the page as the app does (meta title as is, else the name with the shop's) and describes it from its text", () => {
    const head = productPageHead(context(), product());
    expect(head.title).toBe('Aurora Cat-Eye | Lunette Eyewear');
    expect(head.description).toBe('A light acetate cat-eye & spring hinges.');
    expect(productPageHead(context(), product({ meta_title: 'Aurora — cat-eye frames', meta_description: 'Our lightest frame.' }))).toMatchObject({
      title: 'Aurora — cat-eye frames',
      description: 'Our lightest frame.',
    });
  });

  it('canonical is the product URL on the public origin, without tracking parameters or the category path it was reached by', () => {
    const head = productPageHead(context({ path: '/eyeglasses/women/aurora-cat-eye.html', search: '?utm_source=mail&gclid=1' }), product());
    expect(head.canonical).toBe('https://shop.example/fr/aurora-cat-eye.html');
    expect(head.robots).toBeNull();
  });

  it('names the page in every store view with an hreflang, and x-default in the default view (ca)', () => {
    const { alternates } = productPageHead(context(), product());
    expect(alternates).toContainEqual({ hreflang: 'fr-FR', href: 'https://shop.example/fr/aurora-cat-eye.html' });
    expect(alternates).toContainEqual({ hreflang: 'en-US', href: 'https://shop.example/us/aurora-cat-eye.html' });
    expect(alternates).toContainEqual({ hreflang: 'en', href: 'https://shop.example/default/aurora-cat-eye.html' });
    expect(alternates.at(-1)).toEqual({ hreflang: 'x-default', href: 'https://shop.example/ca/aurora-cat-eye.html' });
    expect(alternates).toHaveLength(13); // 12 distinct values (eu shares en_GB with uk) + x-default
    expect(new Set(alternates.map((a) => a.hreflang)).size).toBe(alternates.length);
  });

  it('JSON-LD Product: name, sku, enabled images in order, description, an Offer with price, currency, availability and URL', () => {
    const head = productPageHead(context(), product());
    expect(byType(head.jsonLd, 'Product')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Aurora Cat-Eye',
      sku: 'LUN-AURORA',
      image: ['https://shop.example/media/aurora-front.jpg', 'https://shop.example/media/aurora-side.jpg'],
      description: 'A light acetate cat-eye & spring hinges.',
      offers: {
        '@type': 'Offer',
        price: 129,
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example/fr/aurora-cat-eye.html',
      },
    });
    const outOfStock = productPageHead(context(), product({ stock_status: 'OUT_OF_STOCK' }));
    expect(byType(outOfStock.jsonLd, 'Product')?.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });

  it('a configurable whose variants cost differently has an AggregateOffer, in stock when any variant is', () => {
    const variant = (value: number, stock: 'IN_STOCK' | 'OUT_OF_STOCK') => ({ product: { stock_status: stock, price_range: price(value) } });
    const head = productPageHead(context(), product({ stock_status: 'IN_STOCK', variants: [variant(119, 'OUT_OF_STOCK'), variant(139, 'IN_STOCK'), null] }));
    expect(byType(head.jsonLd, 'Product')?.offers).toEqual({
      '@type': 'AggregateOffer',
      lowPrice: 119,
      highPrice: 139,
      offerCount: 2,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      url: 'https://shop.example/fr/aurora-cat-eye.html',
    });
    expect(og(head, 'product:price:amount')).toBe('119');
    const sameVariants = productPageHead(context(), product({ variants: [variant(129, 'OUT_OF_STOCK'), variant(129, 'OUT_OF_STOCK')] }));
    expect(byType(sameVariants.jsonLd, 'Product')?.offers).toMatchObject({ '@type': 'Offer', price: 129, availability: 'https://schema.org/OutOfStock' });
  });

  it('BreadcrumbList follows its deepest category, then the product', () => {
    const list = byType(productPageHead(context(), product()).jsonLd, 'BreadcrumbList');
    expect(list?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Eyeglasses', item: 'https://shop.example/fr/eyeglasses.html' },
      { '@type': 'ListItem', position: 2, name: 'Women', item: 'https://shop.example/fr/eyeglasses/women.html' },
      { '@type': 'ListItem', position: 3, name: 'Aurora Cat-Eye', item: 'https://shop.example/fr/aurora-cat-eye.html' },
    ]);
  });

  it('Open Graph: title, description, url, type product, first image, locale, price and currency', () => {
    const head = productPageHead(context(), product());
    expect(Object.fromEntries(head.openGraph.map((o) => [o.property, o.content]))).toEqual({
      'og:title': 'Aurora Cat-Eye | Lunette Eyewear',
      'og:description': 'A light acetate cat-eye & spring hinges.',
      'og:url': 'https://shop.example/fr/aurora-cat-eye.html',
      'og:type': 'product',
      'og:image': 'https://shop.example/media/aurora-front.jpg',
      'og:locale': 'fr_FR',
      'og:site_name': 'Lunette Eyewear',
      'product:price:amount': '129',
      'product:price:currency': 'EUR',
    });
  });
});

describe('SEO (ADR 014): category page head', () => {
  it('canonical keeps the page number only; meta title and description win over the name and text', () => {
    const head = categoryPageHead(context({ path: '/eyeglasses/women.html', search: '?sort=price_ASC&page=2&color=50&utm_campaign=x' }), category);
    expect(head.canonical).toBe('https://shop.example/fr/eyeglasses/women.html?page=2');
    expect(head.alternates.at(-1)).toEqual({ hreflang: 'x-default', href: 'https://shop.example/ca/eyeglasses/women.html?page=2' });
    expect(head.title).toBe('Women | Lunette Eyewear');
    expect(head.description).toBe('Frames for women.');
    expect(categoryPageHead(context({ search: '?page=1' }), category).canonical).toBe('https://shop.example/fr/eyeglasses/women.html');
    expect(categoryPageHead(context(), { ...category, meta_title: 'Women’s glasses', meta_description: 'Find yours.' })).toMatchObject({
      title: 'Women’s glasses',
      description: 'Find yours.',
    });
  });

  it('BreadcrumbList: the ancestors by level, then the category', () => {
    expect(byType(categoryPageHead(context(), category).jsonLd, 'BreadcrumbList')?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Eyeglasses', item: 'https://shop.example/fr/eyeglasses.html' },
      { '@type': 'ListItem', position: 2, name: 'Women', item: 'https://shop.example/fr/eyeglasses/women.html' },
    ]);
    expect(og(categoryPageHead(context(), category), 'og:type')).toBe('website');
  });
});

describe('SEO (ADR 014): CMS and home page heads', () => {
  const about = { identifier: 'about-us', title: 'About us', content: '<h1>About</h1><p>Since 1990.</p>', meta_title: null, meta_description: null };

  it('a CMS page is canonical at /{identifier} with alternates', () => {
    const head = cmsPageHead(context({ path: '/about-us', search: '?fbclid=1' }), about);
    expect(head).toMatchObject({ title: 'About us | Lunette Eyewear', description: 'About Since 1990.', canonical: 'https://shop.example/fr/about-us' });
    expect(head.alternates).toContainEqual({ hreflang: 'de-CH', href: 'https://shop.example/ch/about-us' });
  });

  it('the home page is canonical at the store root and names the Organization with its logo', () => {
    const head = homePageHead(context({ path: '/' }), { ...about, identifier: 'home', title: 'Home Page', meta_title: 'Lunette Eyewear — glasses' });
    expect(head.title).toBe('Lunette Eyewear — glasses');
    expect(head.canonical).toBe('https://shop.example/fr/');
    expect(head.alternates.at(-1)).toEqual({ hreflang: 'x-default', href: 'https://shop.example/ca/' });
    expect(byType(head.jsonLd, 'Organization')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Lunette Eyewear',
      url: 'https://shop.example/fr/',
      logo: 'https://shop.example/icons/lunette-512.png',
    });
  });
});

describe('SEO (ADR 014): robots of search results, not-found and private pages', () => {
  it('search results are followed but not indexed, and keep only their query', () => {
    const head = searchPageHead(context({ path: '/search.html', search: '?query=round&utm_source=x' }), 'round');
    expect(head).toMatchObject({ robots: 'noindex, follow', title: 'Results for “round” | Lunette Eyewear', alternates: [], jsonLd: [] });
    expect(head.canonical).toBe('https://shop.example/fr/search.html?query=round');
  });

  it('a page that names nothing is not indexed; cart, checkout, account and sign-in are neither indexed nor followed', () => {
    expect(notFoundPageHead(context({ path: '/nope' }))).toMatchObject({ robots: 'noindex', title: 'Page not found | Lunette Eyewear' });
    expect(privatePageHead(context({ path: '/cart', search: '?x=1' }), 'Cart')).toMatchObject({
      robots: 'noindex, nofollow',
      title: 'Cart | Lunette Eyewear',
      canonical: 'https://shop.example/fr/cart',
      alternates: [],
    });
  });
});
