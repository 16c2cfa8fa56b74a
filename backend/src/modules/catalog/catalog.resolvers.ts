import { cmsBlockSelectIn, cmsPageSelectIn } from './store-scope';
import { many, one } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { inputError, noSuchEntityError } from '../../graphql/errors';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { decodeEntityUid } from './catalog-uids';
import { loadAllCategories } from './catalog.loaders';
import { categoryNodeOf, categoryNodesByIds } from './category-nodes';
import { categoryResolvers } from './category.resolvers';
import type { CategoryRow } from './category.queries';
import { productNodesByIds } from './product-nodes';
import { productResolvers } from './product.resolvers';
import { checkPaging, searchProducts, sortAsWritten } from './product-search';
import regionNames from './region-names.i18n.json' with { type: 'json' };
import { withShippingSettings } from '../cart/shipping-policy';

// --- categories ---

type EqualFilter = { eq?: string | null; in?: (string | null)[] | null };
interface CategoryFilterInput {
  ids?: EqualFilter | null;
  category_uid?: EqualFilter | null;
  parent_id?: EqualFilter | null;
  parent_category_uid?: EqualFilter | null;
  url_key?: EqualFilter | null;
  url_path?: EqualFilter | null;
  name?: { match?: string | null } | null;
}
const valuesOf = (f: EqualFilter) => [...(f.eq != null ? [f.eq] : []), ...(f.in ?? []).filter((v): v is string => v !== null)];
const uidsToIds = (f: EqualFilter) =>
  valuesOf(f)
    .map(decodeEntityUid)
    .filter((id): id is number => id !== null)
    .map(String);

/** Categories of the store view's tree matching Magento's CategoryFilterInput; no filter: the root category. */
async function findCategories(ctx: RequestContext, filters: CategoryFilterInput | null | undefined): Promise<CategoryRow[]> {
  const all = await loadAllCategories(ctx);
  const root = all.find((c) => c.id === ctx.store.rootCategoryId);
  if (!root) return [];
  const inStore = all.filter((c) => c.id === root.id || c.path.startsWith(`${root.path}/`));
  const { ids, category_uid, parent_id, parent_category_uid, url_key, url_path, name } = filters ?? {};
  const tests: ((c: CategoryRow) => boolean)[] = [];
  if (ids) tests.push((c) => valuesOf(ids).includes(String(c.id)));
  if (category_uid) tests.push((c) => uidsToIds(category_uid).includes(String(c.id)));
  if (parent_id) tests.push((c) => valuesOf(parent_id).includes(String(c.parent_id)));
  if (parent_category_uid) tests.push((c) => uidsToIds(parent_category_uid).includes(String(c.parent_id)));
  if (url_key) tests.push((c) => c.url_key !== null && valuesOf(url_key).includes(c.url_key));
  if (url_path) tests.push((c) => c.url_path !== null && valuesOf(url_path).includes(c.url_path));
  if (name) {
    const match = name.match?.trim().toLowerCase() ?? '';
    if (!match) throw inputError('Invalid match filter. Minimum query length is 1.');
    tests.push((c) => c.name.toLowerCase().includes(match));
  }
  if (!tests.length) return [root];
  return inStore.filter((c) => tests.every((t) => t(c))).sort((a, b) => a.level - b.level || a.position - b.position || a.id - b.id);
}

async function categoriesPage(ctx: RequestContext, args: { filters?: CategoryFilterInput | null; pageSize?: number | null; currentPage?: number | null }) {
  const pageSize = args.pageSize ?? 20;
  const currentPage = args.currentPage ?? 1;
  checkPaging(pageSize, currentPage);
  const found = await findCategories(ctx, args.filters);
  const totalPages = Math.ceil(found.length / pageSize);
  if (currentPage > totalPages && found.length > 0)
    throw inputError(`currentPage value ${currentPage} specified is greater than the ${totalPages} page(s) available.`);
  return {
    items: found.slice((currentPage - 1) * pageSize, currentPage * pageSize).map((c) => categoryNodeOf(ctx, c)),
    total_count: found.length,
    page_info: { current_page: currentPage, page_size: pageSize, total_pages: totalPages },
  };
}

// --- routes ---

interface UrlRewriteRow {
  request_path: string;
  target_path: string;
  entity_type: 'category' | 'product' | 'cms-page' | 'custom';
  entity_id: number;
  redirect_type: 0 | 301 | 302;
}

/** The url as Magento looks it up: no leading slash, no query or fragment; "/" is the home page. */
function normaliseUrl(url: string): string {
  const path = url.trim().replace(/[?#].*$/, '');
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // keep the raw path: an undecodable url simply matches nothing
  }
  return decoded.replace(/^\/+/, '');
}

async function findRewrite(ctx: RequestContext, url: string): Promise<UrlRewriteRow | null> {
  const path = normaliseUrl(url);
  if (path === '') {
    return { request_path: '', target_path: 'home', entity_type: 'cms-page', entity_id: (await cmsPageRow(ctx, 'home'))?.id ?? 0, redirect_type: 0 };
  }
  const exact = await one<UrlRewriteRow>(ctx.db, 'SELECT * FROM url_rewrite WHERE request_path = $1', [path]);
  if (exact) return exact;
  // Magento tolerates a trailing slash
  return path.endsWith('/') ? one<UrlRewriteRow>(ctx.db, 'SELECT * FROM url_rewrite WHERE request_path = $1', [path.replace(/\/+$/, '')]) : null;
}

const TYPE_OF = { category: 'CATEGORY', product: 'PRODUCT', 'cms-page': 'CMS_PAGE' } as const;

/**
 * Magento's `Route` resolver: an unknown url is null; a url_rewrite whose product, category or CMS page
 * the store view cannot show (gone, disabled, inactive) is "No such entity found with matching URL key".
 */
async function routeOf(ctx: RequestContext, url: string) {
  const rewrite = await findRewrite(ctx, url);
  if (!rewrite) return null;
  const node = await entityOfRewrite(ctx, rewrite);
  if (!node) throw noSuchEntityError(`No such entity found with matching URL key: ${normaliseUrl(url)}`);
  return node;
}

async function entityOfRewrite(ctx: RequestContext, rewrite: UrlRewriteRow) {
  const redirect = rewrite.redirect_type !== 0 ? { redirect_code: rewrite.redirect_type, relative_url: rewrite.target_path } : {};
  if (rewrite.entity_type === 'custom')
    return { __typename: 'RoutableUrl' as const, type: null, redirect_code: rewrite.redirect_type, relative_url: rewrite.target_path };
  if (rewrite.entity_type === 'category') {
    const [node] = await categoryNodesByIds(ctx, [rewrite.entity_id]);
    return node ? { ...node, ...redirect } : null;
  }
  if (rewrite.entity_type === 'product') {
    const [node] = await productNodesByIds(ctx, [rewrite.entity_id]);
    return node ? { ...node, ...redirect } : null;
  }
  const page = await one<CmsPageRow>(ctx.db, `${cmsPageSelectIn(ctx.store.id)} WHERE p.id = $1 AND p.is_active`, [rewrite.entity_id]);
  return page ? { ...(await cmsPageNode(ctx, page)), ...redirect } : null;
}

// --- CMS ---

interface CmsPageRow {
  id: number;
  identifier: string;
  title: string;
  content_heading: string | null;
  content: string;
  page_layout: string;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
}

const cmsPageRow = (ctx: RequestContext, identifier: string) =>
  one<CmsPageRow>(ctx.db, `${cmsPageSelectIn(ctx.store.id)} WHERE p.identifier = $1 AND p.is_active`, [identifier]);

async function cmsPageNode(ctx: RequestContext, page: CmsPageRow) {
  return {
    __typename: 'CmsPage' as const,
    identifier: page.identifier,
    url_key: page.identifier,
    title: page.title,
    content: await withShippingSettings(ctx.db, ctx.store, page.content),
    content_heading: page.content_heading,
    page_layout: page.page_layout,
    meta_title: page.meta_title,
    meta_description: page.meta_description,
    meta_keywords: page.meta_keywords,
    redirect_code: 0,
    relative_url: page.identifier,
    type: 'CMS_PAGE' as const,
  };
}

// --- directory ---

const REGION_NAMES: Record<string, Record<string, Record<string, string>>> = regionNames;
const regionNameIn = (language: string, countryId: string, code: string): string | null => REGION_NAMES[language]?.[countryId]?.[code] ?? null;

async function countriesOf(ctx: RequestContext, id?: string) {
  const countries = await many<{ id: string; iso3: string; name_en: string }>(
    ctx.db,
    id ? 'SELECT * FROM directory_country WHERE id = $1' : 'SELECT * FROM directory_country ORDER BY id',
    id ? [id] : [],
  );
  const regions = await many<{ id: number; country_id: string; code: string; name: string }>(
    ctx.db,
    'SELECT * FROM directory_region WHERE country_id = ANY($1) ORDER BY name, id',
    [countries.map((c) => c.id)],
  );
  const displayName = new Intl.DisplayNames([ctx.store.locale.replace('_', '-')], { type: 'region' });
  const language = ctx.store.locale.split('_')[0] ?? 'en';
  return countries.map((c) => {
    // Magento's directory_country_region_name: a region's name in the view's language, else its default one; sorted as read there.
    const own = regions
      .filter((r) => r.country_id === c.id)
      .map((r) => ({ ...r, name: regionNameIn(language, c.id, r.code) ?? r.name }))
      .sort((a, b) => a.name.localeCompare(b.name, language) || a.id - b.id);
    return {
      id: c.id,
      two_letter_abbreviation: c.id,
      three_letter_abbreviation: c.iso3,
      full_name_english: c.name_en,
      full_name_locale: displayName.of(c.id) ?? c.name_en,
      available_regions: own.length ? own.map((r) => ({ id: r.id, code: r.code, name: r.name })) : null,
    };
  });
}

export const catalogResolvers: Resolvers = {
  Query: {
    products: (_root, args, ctx, info) => {
      if ((args.search === undefined || args.search === null) && !args.filter) throw inputError("'search' or 'filter' input argument is required.");
      // the request's variables as sent (GraphQL Yoga's `params`), whose key order the coerced `args` lose
      const sent = (ctx as { params?: { variables?: unknown } }).params?.variables;
      return searchProducts(ctx, { ...args, sort: sortAsWritten(args.sort, info, sent) });
    },
    categories: (_root, args, ctx) => categoriesPage(ctx, args),
    categoryList: async (_root, args, ctx) => (await categoriesPage(ctx, args)).items,
    // Magento's deprecated `category(id)`: the store view's root without an id; an id outside its tree "doesn't exist".
    category: async (_root, args, ctx) => {
      const id = args.id ?? ctx.store.rootCategoryId;
      const [found] = await findCategories(ctx, { ids: { eq: String(id) } });
      if (!found) throw noSuchEntityError("Category doesn't exist");
      return categoryNodeOf(ctx, found);
    },
    route: (_root, args, ctx) => routeOf(ctx, args.url),
    urlResolver: async (_root, args, ctx) => {
      const rewrite = await findRewrite(ctx, args.url);
      if (!rewrite || rewrite.entity_type === 'custom') {
        return rewrite
          ? {
              id: null,
              entity_uid: null,
              relative_url: rewrite.target_path,
              redirectCode: rewrite.redirect_type,
              type: null,
              canonical_url: rewrite.target_path,
            }
          : null;
      }
      const route = await routeOf(ctx, args.url);
      if (!route) return null;
      const relativeUrl = rewrite.redirect_type ? rewrite.target_path : route.relative_url;
      return {
        id: rewrite.entity_id,
        entity_uid: Buffer.from(String(rewrite.entity_id)).toString('base64'),
        relative_url: relativeUrl,
        canonical_url: relativeUrl,
        redirectCode: rewrite.redirect_type,
        type: TYPE_OF[rewrite.entity_type],
      };
    },
    cmsPage: async (_root, args, ctx) => {
      if (args.identifier === undefined && (args.id === undefined || args.id === null)) throw inputError('Page id/identifier should be specified');
      const page = args.identifier
        ? await cmsPageRow(ctx, args.identifier)
        : await one<CmsPageRow>(ctx.db, `${cmsPageSelectIn(ctx.store.id)} WHERE p.id = $1 AND p.is_active`, [args.id]);
      if (!page) throw noSuchEntityError(`The CMS page with the "${args.identifier ?? args.id}" ID doesn't exist.`);
      return cmsPageNode(ctx, page);
    },
    cmsBlocks: async (_root, args, ctx) => {
      const identifiers = (args.identifiers ?? []).filter((i): i is string => Boolean(i));
      if (!identifiers.length) throw inputError('"identifiers" of CMS blocks should be specified');
      const blocks = await many<{ identifier: string; title: string; content: string }>(
        ctx.db,
        `SELECT identifier, title, content FROM (${cmsBlockSelectIn(ctx.store.id)}) b WHERE identifier = ANY($1) AND is_active`,
        [identifiers],
      );
      const missing = identifiers.find((i) => !blocks.some((b) => b.identifier === i));
      if (missing) throw noSuchEntityError(`The CMS block with the "${missing}" ID doesn't exist.`);
      return { items: identifiers.map((i) => blocks.find((b) => b.identifier === i) ?? null) };
    },
    countries: (_root, _args, ctx) => countriesOf(ctx),
    country: async (_root, args, ctx) => {
      const [country] = args.id ? await countriesOf(ctx, args.id.toUpperCase()) : [];
      if (!country) throw noSuchEntityError("The country isn't available.");
      return country;
    },
  },
  Products: {
    aggregations: (parent, args) => parent._aggregate(args.filter),
  },
  ...productResolvers,
  ...categoryResolvers,
};
