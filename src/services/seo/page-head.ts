/**
 * What a page's `<head>` says to search engines and link previews (ADR 014): title, meta
 * description, canonical URL, hreflang alternates across the store views with `x-default`, robots,
 * Open Graph and JSON-LD. Pure builders: the server render (and, if it wants, the browser) turns a
 * `PageHead` into tags with `renderPageHead`.
 *
 * - Title: the page's meta title as it is, else its name followed by ` | <shop name>` — what the
 *   app's `useDocumentTitle` sets in the browser, so the server's title is the client's.
 * - Description: the meta description, else the page's text (HTML parsed, html-text.ts) cut at about
 *   160 characters on a word boundary.
 * - Canonical: the entity's own URL (a product's `/{url_key}{url_suffix}` even when it was reached
 *   under a category path), on the public origin, with only the query that changes the page (a
 *   listing's `page`); tracking, sort and filter parameters are dropped.
 * - Alternates: the same path under every store view with an hreflang (hreflang.ts) and `x-default`
 *   → the default view. Pages kept out of the index (search, not found, private) have none.
 * - Products: one `Offer` at the product's price; a configurable whose variants' prices differ gets
 *   an `AggregateOffer` (lowPrice/highPrice over its variants, InStock when any variant is).
 *   See docs/decisions/014-seo.md.
 */
import type { GetCategoryQuery, GetCmsPageQuery, GetProductDetailQuery } from '../apollo/generated/operation-types';
import { categoryPath, productPath } from '../catalog/catalog-paths';
import { descriptionOf } from './html-text';
import { hreflangsOf, type StoreViewLocale } from './hreflang';

export interface PageHead {
  title: string;
  description: string | null;
  /** Absolute URL on the public origin. */
  canonical: string;
  alternates: { hreflang: string; href: string }[];
  /** `<meta name="robots">`; null: the default (index, follow). */
  robots: string | null;
  openGraph: { property: string; content: string }[];
  jsonLd: object[];
}

export interface PageHeadContext {
  /** The shop's public origin (`config.publicOrigin`, ADR 012), no trailing slash. */
  origin: string;
  storeCode: string;
  /** The path inside the store, `/aurora-cat-eye.html` (`/` for the home page). */
  path: string;
  /** The request's query string (`?page=2&utm_source=x`, or ''); each builder keeps only what changes its page. */
  search: string;
  /** The shop's name as titles end with it (the app's SHOP_NAME, Magento's `default_title`) and the Organization's name. */
  storeName: string;
  /** The store view's Magento locale (`en_CA`), for og:locale. */
  locale: string;
  /** The store view's display currency, when a price has none. */
  currency: string;
  /** Every store view (Magento `availableStores`), in Magento's order. */
  storeViews: readonly StoreViewLocale[];
  defaultStoreCode: string;
}

type ProductItem = NonNullable<NonNullable<NonNullable<GetProductDetailQuery['products']>['items']>[number]>;
type ConfigurableItem = Extract<ProductItem, { __typename: 'ConfigurableProduct' }>;
type VariantProduct = NonNullable<NonNullable<NonNullable<ConfigurableItem['variants']>[number]>['product']>;

/** A product as GET_PRODUCT_DETAIL answers it (the fields a head needs). */
export type SeoProduct = Pick<
  ProductItem,
  | 'sku'
  | 'name'
  | 'url_key'
  | 'url_suffix'
  | 'meta_title'
  | 'meta_description'
  | 'stock_status'
  | 'description'
  | 'media_gallery'
  | 'price_range'
  | 'categories'
> & {
  /** A configurable frame's variants (absent on other types). */
  variants?: readonly ({ product: Pick<VariantProduct, 'stock_status' | 'price_range'> | null } | null)[] | null;
};

type CategoryItem = NonNullable<NonNullable<NonNullable<GetCategoryQuery['categories']>['items']>[number]>;
/** A category as GET_CATEGORY answers it. */
export type SeoCategory = Pick<CategoryItem, 'name' | 'url_path' | 'url_suffix' | 'description' | 'meta_title' | 'meta_description' | 'breadcrumbs'>;

/** A CMS page as GET_CMS_PAGE answers it. */
export type SeoCmsPage = Pick<NonNullable<GetCmsPageQuery['cmsPage']>, 'identifier' | 'title' | 'content' | 'meta_title' | 'meta_description'>;

/** The logo the Organization names (public/icons). */
export const SHOP_LOGO_PATH = '/icons/lunette-512.png';
const SCHEMA = 'https://schema.org';

/** The title the app sets (use-document-title.ts): the meta title as it is, else the name with the shop's. */
export function pageTitle(context: Pick<PageHeadContext, 'storeName'>, name: string | null | undefined, metaTitle?: string | null): string {
  if (metaTitle?.trim()) return metaTitle;
  return name?.trim() ? `${name} | ${context.storeName}` : context.storeName;
}

/** An absolute URL of a path inside a store view: `https://shop.example/fr/aurora.html`. */
export function storeUrl(origin: string, storeCode: string, path: string, search = ''): string {
  return `${origin}/${storeCode}${path.startsWith('/') ? path : `/${path}`}${search}`;
}

/** Only the parameters named, in that order (`?page=2`), or ''. */
function keptSearch(search: string, keep: readonly string[]): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of keep) {
    const value = from.get(name);
    if (value !== null) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** A listing's page number when it is not the first (`?page=3`); anything else changes no content worth indexing. */
function listingPageSearch(search: string): string {
  const page = new URLSearchParams(search).get('page');
  return page && /^\d{1,6}$/.test(page) && Number(page) > 1 ? `?page=${Number(page)}` : '';
}

/** The page under every store view with an hreflang, then `x-default` → the default view. */
export function alternatesOf(context: Pick<PageHeadContext, 'origin' | 'storeViews' | 'defaultStoreCode'>, path: string, search = ''): PageHead['alternates'] {
  const views = hreflangsOf(context.storeViews).map(({ code, hreflang }) => ({ hreflang, href: storeUrl(context.origin, code, path, search) }));
  return [...views, { hreflang: 'x-default', href: storeUrl(context.origin, context.defaultStoreCode, path, search) }];
}

function openGraph(entries: [string, string | null | undefined][]): PageHead['openGraph'] {
  return entries.filter((e): e is [string, string] => Boolean(e[1])).map(([property, content]) => ({ property, content }));
}

interface IndexedPage {
  path: string;
  search: string;
  title: string;
  description: string | null;
  type: 'website' | 'product';
  image?: string | null;
  extraOpenGraph?: [string, string | null | undefined][];
  jsonLd: object[];
}

/** The head of a page search engines index: canonical, alternates, Open Graph. */
function indexedPageHead(context: PageHeadContext, page: IndexedPage): PageHead {
  const canonical = storeUrl(context.origin, context.storeCode, page.path, page.search);
  return {
    title: page.title,
    description: page.description,
    canonical,
    alternates: alternatesOf(context, page.path, page.search),
    robots: null,
    openGraph: openGraph([
      ['og:title', page.title],
      ['og:description', page.description],
      ['og:url', canonical],
      ['og:type', page.type],
      ['og:image', page.image],
      ['og:locale', context.locale],
      ['og:site_name', context.storeName],
      ...(page.extraOpenGraph ?? []),
    ]),
    jsonLd: page.jsonLd,
  };
}

/** The head of a page kept out of the index: its own canonical, no alternates. */
function unindexedPageHead(context: PageHeadContext, title: string, robots: string, search = ''): PageHead {
  const canonical = storeUrl(context.origin, context.storeCode, context.path, search);
  return {
    title,
    description: null,
    canonical,
    alternates: [],
    robots,
    openGraph: openGraph([
      ['og:title', title],
      ['og:url', canonical],
      ['og:type', 'website'],
      ['og:locale', context.locale],
      ['og:site_name', context.storeName],
    ]),
    jsonLd: [],
  };
}

type Breadcrumb = NonNullable<NonNullable<SeoCategory['breadcrumbs']>[number]>;

/** schema.org BreadcrumbList: the category's ancestors (Magento breadcrumbs, by level), then the page itself. */
function breadcrumbList(
  context: PageHeadContext,
  ancestors: readonly (Breadcrumb | null)[],
  suffix: string | null,
  last: { name: string; url: string },
): object {
  const trail = ancestors
    .filter((b): b is Breadcrumb => Boolean(b?.category_name && b.category_url_path))
    .sort((a, b) => (a.category_level ?? 0) - (b.category_level ?? 0))
    .map((b) => ({
      name: b.category_name!,
      url: storeUrl(context.origin, context.storeCode, categoryPath({ url_path: b.category_url_path, url_suffix: suffix })),
    }));
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: [...trail, last].map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: item.url })),
  };
}

const availabilityOf = (inStock: boolean) => (inStock ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`);

/** The product's offer: one price, or its variants' price range (AggregateOffer) when they differ. */
function offerOf(product: SeoProduct, url: string, currency: string): { offer: object; price: number | null; currency: string } {
  const own = product.price_range?.minimum_price?.final_price;
  const priceCurrency = own?.currency ?? currency;
  const variants = (product.variants ?? []).flatMap((v) => (v?.product ? [v.product] : []));
  const variantPrices = variants.map((v) => v.price_range?.minimum_price?.final_price?.value).filter((p): p is number => typeof p === 'number');
  const inStock = variants.length ? variants.some((v) => v.stock_status === 'IN_STOCK') : product.stock_status === 'IN_STOCK';
  const low = variantPrices.length ? Math.min(...variantPrices) : (own?.value ?? null);
  const high = variantPrices.length ? Math.max(...variantPrices) : low;
  const availability = availabilityOf(inStock);
  if (low !== null && high !== null && high > low) {
    return {
      offer: { '@type': 'AggregateOffer', lowPrice: low, highPrice: high, offerCount: variantPrices.length, priceCurrency, availability, url },
      price: low,
      currency: priceCurrency,
    };
  }
  return { offer: { '@type': 'Offer', ...(low !== null ? { price: low } : {}), priceCurrency, availability, url }, price: low, currency: priceCurrency };
}

/** A product page (`/{url_key}{url_suffix}`): Product and BreadcrumbList JSON-LD, og:type product with its price. */
export function productPageHead(context: PageHeadContext, product: SeoProduct): PageHead {
  const path = product.url_key ? productPath(product) : context.path;
  const url = storeUrl(context.origin, context.storeCode, path);
  const title = pageTitle(context, product.name, product.meta_title);
  const description = product.meta_description?.trim() || descriptionOf(product.description?.html);
  const images = (product.media_gallery ?? [])
    .filter((m): m is NonNullable<typeof m> => Boolean(m?.url && !m.disabled))
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((m) => m.url!);
  const { offer, price, currency } = offerOf(product, url, context.currency);
  const name = product.name ?? title;
  // The deepest category the product is in gives its trail.
  const category = [...(product.categories ?? [])]
    .filter((c): c is NonNullable<typeof c> => Boolean(c?.name && c.url_path))
    .sort((a, b) => (b.breadcrumbs?.length ?? 0) - (a.breadcrumbs?.length ?? 0))[0];
  const trail = category
    ? [
        ...(category.breadcrumbs ?? []),
        { category_uid: category.uid, category_name: category.name, category_url_path: category.url_path, category_level: Number.MAX_SAFE_INTEGER },
      ]
    : [];
  return indexedPageHead(context, {
    path,
    search: '',
    title,
    description,
    type: 'product',
    image: images[0],
    extraOpenGraph: [
      ['product:price:amount', price === null ? null : String(price)],
      ['product:price:currency', price === null ? null : currency],
    ],
    jsonLd: [
      {
        '@context': SCHEMA,
        '@type': 'Product',
        name,
        ...(product.sku ? { sku: product.sku } : {}),
        ...(images.length ? { image: images } : {}),
        ...(description ? { description } : {}),
        offers: offer,
      },
      ...(trail.length ? [breadcrumbList(context, trail, category?.url_suffix ?? null, { name, url })] : []),
    ],
  });
}

/** A category page (`/{url_path}{url_suffix}`, `?page=N` kept): BreadcrumbList JSON-LD. */
export function categoryPageHead(context: PageHeadContext, category: SeoCategory): PageHead {
  const path = category.url_path ? categoryPath(category) : context.path;
  const search = listingPageSearch(context.search);
  const title = pageTitle(context, category.name, category.meta_title);
  return indexedPageHead(context, {
    path,
    search,
    title,
    description: category.meta_description?.trim() || descriptionOf(category.description),
    type: 'website',
    jsonLd: [
      breadcrumbList(context, category.breadcrumbs ?? [], category.url_suffix, {
        name: category.name ?? title,
        url: storeUrl(context.origin, context.storeCode, path),
      }),
    ],
  });
}

/** A CMS page (`/{identifier}`). */
export function cmsPageHead(context: PageHeadContext, page: SeoCmsPage): PageHead {
  return indexedPageHead(context, {
    path: page.identifier ? `/${page.identifier}` : context.path,
    search: '',
    title: pageTitle(context, page.title, page.meta_title),
    description: page.meta_description?.trim() || descriptionOf(page.content),
    type: 'website',
    jsonLd: [],
  });
}

/** The home page (`/`, the store's CMS home page): Organization JSON-LD with the shop's logo. */
export function homePageHead(context: PageHeadContext, homeCmsPage: SeoCmsPage | null): PageHead {
  const home = storeUrl(context.origin, context.storeCode, '/');
  return indexedPageHead(context, {
    path: '/',
    search: '',
    title: pageTitle(context, homeCmsPage?.title, homeCmsPage?.meta_title),
    description: homeCmsPage?.meta_description?.trim() || descriptionOf(homeCmsPage?.content),
    type: 'website',
    image: `${context.origin}${SHOP_LOGO_PATH}`,
    jsonLd: [{ '@context': SCHEMA, '@type': 'Organization', name: context.storeName, url: home, logo: `${context.origin}${SHOP_LOGO_PATH}` }],
  });
}

/** The search page (`/search.html?query=…`): followed, never indexed. `title` as the app words it. */
export function searchPageHead(context: PageHeadContext, query: string, title = query.trim() ? `Results for “${query.trim()}”` : 'Search'): PageHead {
  return unindexedPageHead(context, pageTitle(context, title), 'noindex, follow', keptSearch(context.search, ['query']));
}

/** A URL that names nothing. */
export function notFoundPageHead(context: PageHeadContext, title = 'Page not found'): PageHead {
  return unindexedPageHead(context, pageTitle(context, title), 'noindex');
}

/** Cart, checkout, account and sign-in pages: neither indexed nor followed. */
export function privatePageHead(context: PageHeadContext, title: string): PageHead {
  return unindexedPageHead(context, pageTitle(context, title), 'noindex, nofollow');
}
