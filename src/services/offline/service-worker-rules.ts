/**
 * What the service worker caches and what it never touches (ADR 007), as plain functions so the
 * rules are unit-tested here and imported unchanged by the worker (service-worker.ts).
 *
 * Never intercepted (the browser talks to the network directly): anything but GET (GraphQL
 * mutations, REST calls, uploads), /rest/, every request carrying a bearer token (customer data
 * must never land in a cache), and GraphQL queries outside the anonymous catalog reads.
 */

export const OFFLINE_CACHE_NAMES = {
  /** Hashed build files not in the precache (lazy routes once visited, French messages). */
  assets: 'lunette-assets',
  /** Anonymous catalog GraphQL reads, keyed per store view and currency. */
  catalogQueries: 'lunette-catalog-queries',
  /** Product and CMS images from /media/. */
  media: 'lunette-media',
  /** The prescription reader's OCR script, core and model (ADR 043), kept whole so scanning works offline. */
  prescriptionReader: 'lunette-prescription-reader',
} as const;

/** A navigation waits this long for the network before the cached shell answers (lie-fi). */
export const NAVIGATION_NETWORK_TIMEOUT_SECONDS = 4;
/** A catalog query waits this long for the network before a cached answer is used. */
export const CATALOG_QUERY_NETWORK_TIMEOUT_SECONDS = 3;
export const CATALOG_QUERY_MAX_ENTRIES = 200;
export const CATALOG_QUERY_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const MEDIA_MAX_ENTRIES = 150;
export const MEDIA_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const ASSET_MAX_ENTRIES = 80;
/** The folder the build writes the prescription reader's OCR files to, named by their content hash (ADR 043). */
export const PRESCRIPTION_READER_ASSET_PREFIX = '/assets/prescription-reader-';
/** One reader version's files (worker, three cores' script and WebAssembly, model) and one older version being replaced. */
export const PRESCRIPTION_READER_MAX_ENTRIES = 20;

/**
 * The root fields whose anonymous answers are the same for every shopper of a store view: a copy
 * of the backend's CACHEABLE_ROOT_FIELDS (the storefront may not import the backend; a test checks
 * that both lists agree). Carts, customers and orders are absent on purpose.
 */
export const CATALOG_ROOT_FIELDS: ReadonlySet<string> = new Set([
  '__typename',
  'storeConfig',
  'availableStores',
  'currency',
  'countries',
  'country',
  'categories',
  'categoryList',
  'products',
  'route',
  'urlResolver',
  'cmsPage',
  'cmsBlocks',
]);

/** The parts of a fetch event's request the rules look at (a Request fits). */
export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
  headers: Pick<Headers, 'get'>;
}

const BACKEND_PATH_PREFIXES = ['/graphql', '/rest/', '/media/'];

function isBackendPath(pathname: string): boolean {
  return pathname === '/graphql' || pathname === '/rest' || BACKEND_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * The client sends `authorization: ''` when signed out (links.ts): only a non-empty value carries
 * a customer's token.
 */
export function carriesCredentials(headers: Pick<Headers, 'get'>): boolean {
  return (headers.get('authorization') ?? '').trim() !== '';
}

function isPlainSameOriginGet(request: RequestFacts, origin: string): URL | null {
  if (request.method !== 'GET' || carriesCredentials(request.headers)) return null;
  const url = new URL(request.url);
  return url.origin === origin ? url : null;
}

/** A page load inside the shop (every SPA route, /{store}/...): network first, cached shell when offline. */
export function isShellNavigation(request: RequestFacts, origin: string): boolean {
  if (request.mode !== 'navigate') return false;
  const url = isPlainSameOriginGet(request, origin);
  return url !== null && !isBackendPath(url.pathname);
}

/** Vite's content-hashed build output: a given URL never changes, so the cache may answer first. */
export function isHashedAsset(request: RequestFacts, origin: string): boolean {
  const url = isPlainSameOriginGet(request, origin);
  return url !== null && url.pathname.startsWith('/assets/');
}

/**
 * The prescription reader's OCR files (ADR 043): a few megabytes fetched when a shopper first scans a
 * prescription. They get a cache of their own, so the other build files' turnover never evicts
 * them and the reader keeps working offline; their folder's hash changes with their content.
 */
export function isPrescriptionReaderAsset(request: RequestFacts, origin: string): boolean {
  const url = isPlainSameOriginGet(request, origin);
  return url !== null && url.pathname.startsWith(PRESCRIPTION_READER_ASSET_PREFIX);
}

/** Images under /media/ (GET only: uploads are POSTs and never intercepted). */
export function isMediaImage(request: RequestFacts, origin: string): boolean {
  const url = isPlainSameOriginGet(request, origin);
  return url !== null && url.pathname.startsWith('/media/') && request.mode !== 'navigate';
}

/** An anonymous GET /graphql query whose root fields are all catalog reads. */
export function isCatalogQuery(request: RequestFacts, origin: string): boolean {
  const url = isPlainSameOriginGet(request, origin);
  if (url === null || url.pathname !== '/graphql') return false;
  const fields = graphqlRootFields(url.searchParams.get('query') ?? '');
  return fields !== null && fields.length > 0 && fields.every((field) => CATALOG_ROOT_FIELDS.has(field));
}

/**
 * The cache key of a catalog query: its URL plus the store view and currency headers, which are
 * not in the URL (the client sends `Store`; `Content-Currency` when a currency is chosen). Without
 * them one store's prices and texts would answer another store's page.
 */
export function catalogQueryCacheKey(request: Pick<RequestFacts, 'url' | 'headers'>): string {
  const url = new URL(request.url);
  url.searchParams.set('sw-store', request.headers.get('store')?.trim() ?? '');
  url.searchParams.set('sw-currency', request.headers.get('content-currency')?.trim() ?? '');
  return url.href;
}

/**
 * Only answers the server itself declares shareable are stored: status 200 and a public
 * Cache-Control (the embedded backend and Magento send `no-store`/`private` for anything personal).
 */
export function isShareableResponse(response: { status: number; headers: Pick<Headers, 'get'> }): boolean {
  if (response.status !== 200) return false;
  const directives = (response.headers.get('cache-control') ?? '')
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  return directives.includes('public') && !directives.includes('no-store') && !directives.includes('private');
}

const NAME_START = /[_A-Za-z]/;
const NAME_PART = /[_A-Za-z0-9]/;

/**
 * The root field names of a GraphQL query document (aliases resolved to the field), or null for
 * anything that is not one plain query operation: mutations, subscriptions, a second operation,
 * fragment spreads or directives at the root. Null means "not a catalog read", so never cached.
 * Fragment definitions may follow the operation (Apollo appends the ones the query spreads).
 */
export function graphqlRootFields(document: string): string[] | null {
  const source = document.trim();
  const header = /^(?:query\b[^({]*(\([^)]*\))?\s*)?\{/.exec(source);
  if (!header) return null;
  const fields: string[] = [];
  let braceDepth = 1;
  let parenDepth = 0;
  let i = header[0].length;
  while (i < source.length) {
    const char = source[i]!;
    if (char === '"' || char === '#') {
      i = char === '"' ? endOfString(source, i) : endOfLine(source, i);
      if (i < 0) return null;
      continue;
    }
    if (char === '(') parenDepth += 1;
    else if (char === ')') parenDepth -= 1;
    else if (parenDepth > 0) {
      // arguments: neither fields nor selection sets
    } else if (char === '{') braceDepth += 1;
    else if (char === '}') {
      braceDepth -= 1;
      if (braceDepth === 0) return onlyFragmentsFollow(source.slice(i + 1)) ? fields : null;
    } else if (braceDepth === 1) {
      if (char === '.' || char === '@') return null;
      if (NAME_START.test(char)) {
        let end = i + 1;
        while (end < source.length && NAME_PART.test(source[end]!)) end += 1;
        // `alias: field` names the field after the colon.
        if (!source.slice(end).trimStart().startsWith(':')) fields.push(source.slice(i, end));
        i = end;
        continue;
      }
    }
    i += 1;
  }
  return null;
}

function onlyFragmentsFollow(rest: string): boolean {
  const trimmed = rest.trim();
  return trimmed === '' || /^fragment\b/.test(trimmed);
}

function endOfLine(source: string, start: number): number {
  const end = source.indexOf('\n', start);
  return end < 0 ? source.length : end + 1;
}

/** Index just past the closing quote of the string starting at `start` (block strings included). */
function endOfString(source: string, start: number): number {
  if (source.startsWith('"""', start)) {
    const end = source.indexOf('"""', start + 3);
    return end < 0 ? -1 : end + 3;
  }
  for (let i = start + 1; i < source.length; i += 1) {
    if (source[i] === '\\') i += 1;
    else if (source[i] === '"') return i + 1;
  }
  return -1;
}
