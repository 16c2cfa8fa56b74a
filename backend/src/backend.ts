import accepts from 'accepts';
import express, { type Router } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createYoga, maskError } from 'graphql-yoga';
import { GraphQLError, Kind, type ExecutionArgs, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode, type ValidationRule } from 'graphql';
import { createHash, randomUUID } from 'node:crypto';
import { openDatabase, type Database } from './db/database';
export { DataDirInUse } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { bearerTokenOf, newRequestLoaders, type BackendConfig, type RequestContext } from './graphql/context';
import {
  AnswerCache,
  answerCacheKey,
  encodedBody,
  searchParamsOf,
  withCacheTags,
  type AnswerCacheOptions,
  type CachedAnswer,
  type AnswerEncoding,
  type HeaderReader,
} from './graphql/answer-cache';
import { inputError, localisedErrors } from './graphql/errors';
import { DOCUMENT_TOO_DEEP, documentNesting, MAX_DOCUMENT_NESTING } from './graphql/document-nesting';
import { PrivateAnswers, type PrivateCandidate } from './graphql/private-answers';
import { queryLimitRules } from './graphql/query-limits';
import { buildBackendSchema, mergeResolvers } from './graphql/schema';
import type { BackendModule, RouteDeps } from './module';

/** Magento's words for a `Store` header naming no store view. */
export const STORE_NOT_FOUND = "The store that was requested wasn't found. Verify the store and try again.";
/** A response's headers as kept with its answer (not its length, nor whether it was a hit). */
function keptHeaders(headers: Headers): [string, string][] {
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    // CORS headers belong to the caller an answer was made for, never to the next one (ADR 037).
    if (name.startsWith('access-control-')) return;
    if (name !== 'x-magento-cache-debug' && name !== 'x-lunette-private-answer' && name !== 'content-length') kept.push([name, value]);
  });
  return kept;
}
import { BACKEND_MODULES } from './modules/modules';
import { onCatalogWrite } from './shared/catalog-writes';
import { holdsNul, NUL_REFUSED, urlHoldsNul } from './shared/nul-characters';
import { defaultStoreView, findStoreView } from './modules/store/store-views';

export interface BackendOptions {
  /** PGlite database folder; omitted for an in-memory database (tests). */
  dataDir?: string;
  /** `postgres://…` (DATABASE_URL): a PostgreSQL server shared by every process, instead of PGlite. */
  databaseUrl?: string;
  cacheDir: string;
  isDevelopment?: boolean;
  /** The origin every link and media URL starts with (the server's PUBLIC_URL); else each request's own. */
  publicOrigin?: string;
  /** Whether `X-Forwarded-Host` / `-Proto` name a request's origin: only when the server trusts the proxy that set them. */
  trustForwardedHeaders?: boolean;
  modules?: readonly BackendModule[];
  /** The catalog answer cache's limits (ADR 016); `false` turns it off. */
  answerCache?: AnswerCacheOptions | false;
  /**
   * Other origins whose pages may call `/graphql` with credentials (CORS_ALLOWED_ORIGINS, ADR 037).
   * Empty (the default): the shop's own pages only; a request's `Origin` is never reflected.
   */
  allowedOrigins?: readonly string[];
  /** The resized images' disk cap in bytes (MEDIA_CACHE_MAX_MB, ADR 037). */
  mediaCacheMaxBytes?: number;
}

/** The request headers a page of an allowed origin may send (the storefront's own). */
const CORS_ALLOWED_HEADERS = ['Content-Type', 'Authorization', 'Store', 'Content-Currency', 'X-Magento-Cache-Id'];

/** The CORS headers an answer to `origin` carries: none unless that origin is on the allow-list. */
export function corsHeadersFor(allowed: ReadonlySet<string>, origin: string | null): Record<string, string> | null {
  if (!origin || !allowed.has(origin)) return null;
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, POST',
    'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS.join(', '),
  };
}

/**
 * What `POST /graphql` takes: JSON only, as Magento does. A plain HTML form (urlencoded, multipart,
 * text/plain) can be sent by any site without a preflight; refusing it stops cross-site writes.
 */
export const isJsonBody = (contentType: string | null) => contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';

/**
 * A variable of the wrong type is refused by graphql-js with its value written into the message
 * (`Variable "$password" got invalid value ["…"]; …`): the value is dropped, whatever it held, and
 * the error is Magento's input category (ADR 037).
 */
function withoutVariableValue(error: GraphQLError): GraphQLError {
  const match = /^Variable "(\$\w+)" got invalid value .*?;\s*(.*)$/s.exec(error.message);
  if (!match) return error;
  const reason = (match[2] ?? '').split(':')[0]!.trim();
  return new GraphQLError(`Variable "${match[1]}" got invalid value; ${reason.endsWith('.') ? reason : `${reason}.`}`, {
    ...(error.nodes ? { nodes: error.nodes } : {}),
    extensions: { category: 'graphql-input' },
  });
}

/** The 415 a non-JSON `POST /graphql` gets, in GraphQL's error shape. */
function notJsonResponse(): Response {
  return new Response(JSON.stringify({ errors: [{ message: 'The request must be sent as application/json.', extensions: { category: 'graphql-input' } }] }), {
    status: 415,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

/** A handler on Node's own request and response (Express's are the same objects, with more methods). */
export type KeptAnswerHandler = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** A Node request header as one string (a repeated header joined as Fetch's `Headers.get` does). */
const headerOf = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : null;
};

export interface Backend {
  /** Routes `/graphql`, `/rest/...`, `/media/...`; mount it on the server root. */
  router: Router;
  /**
   * Sends a kept catalog answer for `GET /graphql` (ADR 016), else calls `next`. The router runs it
   * first; a server may run it earlier, on the bare Node request before any framework (the shop
   * server's front door, ADR 016).
   */
  keptAnswers: KeptAnswerHandler;
  /**
   * The GraphQL endpoint called in-process, as `fetch` takes it (a server render's queries): the
   * same schema, limits and headers as over HTTP, with no socket.
   */
  graphqlFetch(request: Request): Promise<Response>;
  db: Database;
  /** The catalog answer cache (null when turned off): `purge(tags)` drops answers as a Varnish purge would. */
  answerCache: AnswerCache | null;
  /** Private answers kept per request and checked by their stamp before each use (ADR 034); null when the answer cache is off. */
  privateAnswers: PrivateAnswers | null;
  /** Whether this start seeded a fresh database. */
  seeded: boolean;
  close(): Promise<void>;
}

/** A request's own origin, for a backend with no configured public origin (tests, a random port). */
function originOf(headers: HeaderReader, trustForwarded: boolean): string {
  const forwarded = (name: string) => (trustForwarded ? headers.get(name)?.split(',')[0]?.trim() || null : null);
  const proto = forwarded('x-forwarded-proto') ?? 'http';
  const host = forwarded('x-forwarded-host') ?? headers.get('host') ?? '127.0.0.1';
  return `${proto}://${host}`;
}

/**
 * Magento's `X-Magento-Cache-Id`: a hash of what changes an answer (store, currency, whether a
 * customer is signed in), sent back by the client so caches keep apart the answers of each.
 */
export function cacheIdOf(storeCode: string, currency: string, signedIn: boolean): string {
  return createHash('sha256')
    .update(`${storeCode}|${currency}|${signedIn ? 'customer' : 'guest'}`)
    .digest('hex');
}

/**
 * Root fields whose anonymous GET answers may be cached (public catalog data, as Magento's page
 * cache keeps them); anything about carts, customers, orders or one-time links is `no-store`.
 */
export const CACHEABLE_ROOT_FIELDS = new Set([
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

const QUERY_LIMIT_RULES = queryLimitRules();

/** `error` without the `originalError` yoga adds to its extensions (the parser's own message). */
function withoutOriginalError(error: GraphQLError): GraphQLError {
  if (error.extensions?.originalError === undefined) return error;
  const { originalError: _dropped, ...extensions } = error.extensions;
  return new GraphQLError(error.message, { extensions });
}

/** The GET parameters yoga reads as JSON. */
const GET_JSON_PARAMS = ['variables', 'extensions'] as const;
const isJsonText = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** The PostgreSQL channel on which processes sharing a database tell each other their purges. */
export const PURGE_CHANNEL = 'lunette_answer_cache_purge';
/** PostgreSQL refuses notification payloads from 8000 bytes: a longer tag list purges everything. */
const MAX_PURGE_PAYLOAD = 7000;

/**
 * On PostgreSQL, several processes keep answer caches of one catalog (ADR 016): every purge of this
 * process is sent to the others (`pg_notify`) and theirs are applied here; a listener that lost its
 * connection purges everything (it may have missed some). PGlite has one process: nothing to share.
 */
async function sharePurges(db: Database, answerCache: AnswerCache): Promise<() => Promise<void>> {
  if (!db.subscribe) return async () => undefined;
  const me = randomUUID();
  const unsubscribe = await db.subscribe(PURGE_CHANNEL, (payload) => {
    if (payload === null) return void answerCache.purge(['FPC']);
    const { from, tags } = JSON.parse(payload) as { from: string; tags: string[] };
    if (from !== me) answerCache.purge(tags);
  });
  const stopSending = onCatalogWrite((tags) => {
    const payload = JSON.stringify({ from: me, tags });
    db.query('SELECT pg_notify($1, $2)', [PURGE_CHANNEL, payload.length < MAX_PURGE_PAYLOAD ? payload : JSON.stringify({ from: me, tags: ['FPC'] })]).catch(
      (error: Error) => console.error(`answer cache: a purge was not sent to the other processes (${error.message})`),
    );
  });
  return async () => {
    stopSending();
    await unsubscribe();
  };
}

/**
 * The served schema of a set of modules, built once per process for the same set: the schema is a
 * function of the modules' resolvers alone (each resolver reaches the database, configuration and
 * store view through the request's context, never through the schema), and building it parses
 * Magento's whole SDL (about 0.3 s of CPU). A process that opens many backends on the same modules
 * (the contract tests open dozens) builds it once; a test that brings modules of its own builds its own.
 */
const servedSchemas = new WeakMap<readonly BackendModule[], GraphQLSchema>();
export function servedSchemaOf(modules: readonly BackendModule[]): GraphQLSchema {
  let schema = servedSchemas.get(modules);
  if (!schema) {
    schema = withCacheTags(buildBackendSchema(mergeResolvers(modules.map((m) => m.resolvers))));
    servedSchemas.set(modules, schema);
  }
  return schema;
}

export async function createBackend(options: BackendOptions): Promise<Backend> {
  const modules = options.modules ?? BACKEND_MODULES;
  const config: BackendConfig = {
    cacheDir: options.cacheDir,
    isDevelopment: options.isDevelopment ?? false,
    ...(options.publicOrigin ? { publicOrigin: options.publicOrigin } : {}),
    ...(options.mediaCacheMaxBytes ? { mediaCacheMaxBytes: options.mediaCacheMaxBytes } : {}),
  };
  const db = await openDatabase({
    ...(options.databaseUrl ? { url: options.databaseUrl } : {}),
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
  let seeded: boolean;
  try {
    // Two processes starting on one empty PostgreSQL database: one migrates and seeds, the other waits.
    seeded = await db.exclusive('lunette:migrate-and-seed', async () => {
      await migrate(
        db,
        modules.flatMap((m) => m.migrations),
      );
      return seedIfEmpty(db, modules, config);
    });
  } catch (error) {
    await db.close();
    throw error;
  }

  const contextFor = async (headers: Headers, origin: string, storeCode?: string): Promise<RequestContext> => {
    const code = storeCode ?? headers.get('store')?.trim();
    const store = code ? await findStoreView(db, code) : await defaultStoreView(db);
    // Magento's StoreProcessor on an unknown `Store` header (graphql-input).
    if (!store) throw inputError(STORE_NOT_FOUND);
    return {
      db,
      config,
      store,
      origin: config.publicOrigin ?? origin,
      bearerToken: bearerTokenOf(headers.get('authorization')),
      contentCurrency: headers.get('content-currency'),
      loaders: newRequestLoaders(),
    };
  };

  const schema = servedSchemaOf(modules);
  /** Requests whose operation reads only catalog data, which Magento lets caches keep. */
  const catalogReads = new WeakSet<Request>();
  const answerCache = options.answerCache === false ? null : new AnswerCache(options.answerCache);
  const stopPurging = answerCache ? onCatalogWrite((tags) => answerCache.purge(tags)) : () => undefined;
  const stopSharingPurges = answerCache ? await sharePurges(db, answerCache) : async () => undefined;
  // Private answers (a guest's cart, ADR 034) go with every purge of the catalog's, local or from another process.
  const stamps = Object.assign({}, ...modules.map((m) => m.answerStamps ?? {})) as NonNullable<BackendModule['answerStamps']>;
  const privateAnswers = answerCache && Object.keys(stamps).length ? new PrivateAnswers(db, stamps) : null;
  const stopPrivatePurges = answerCache && privateAnswers ? answerCache.onPurge((tags) => privateAnswers.cache.purge(tags)) : () => undefined;
  /** Anonymous GETs whose private answer may be kept once made. */
  const privateCandidates = new WeakMap<Request, PrivateCandidate>();
  /** Anonymous GETs that may be kept: their cache key, and the cache's generation when they began. */
  const candidates = new WeakMap<Request, { key: string; generation: number }>();
  /** The cache tags gathered while each request resolved. */
  const tagsOf = new WeakMap<Request, Set<string>>();
  const answeredFromCache = new WeakSet<Request>();
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const yoga = createYoga<object, RequestContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // Yoga's default reflects any Origin with credentials; here only the allow-list is answered (ADR 037).
    cors: (request) => {
      const origin = request.headers.get('origin');
      return corsHeadersFor(allowedOrigins, origin)
        ? { origin: [origin!], credentials: true, methods: ['GET', 'POST'], allowedHeaders: CORS_ALLOWED_HEADERS }
        : false;
    },
    graphiql: config.isDevelopment,
    maskedErrors: { isDev: config.isDevelopment, maskError },
    context: async ({ request, req }: { request: Request; req?: { ip?: string } }) => {
      const ctx = await contextFor(request.headers, originOf(request.headers, options.trustForwardedHeaders ?? false));
      // Express's `req.ip` (over HTTP): the address the server's TRUST_PROXY setting names as the client's.
      if (req?.ip) ctx.clientAddress = req.ip;
      return candidates.has(request) ? { ...ctx, cacheTags: new Set<string>() } : ctx;
    },
    plugins: [
      {
        // The catalog answer cache (ADR 016): a kept answer is sent before the query is even parsed.
        async onRequest({ request, url, endResponse }) {
          if (request.method === 'POST' && !isJsonBody(request.headers.get('content-type'))) return endResponse(notJsonResponse());
          if (!answerCache || request.method !== 'GET') return;
          const origin = config.publicOrigin ? null : originOf(request.headers, options.trustForwardedHeaders ?? false);
          const key = answerCacheKey(url.searchParams, request.headers, origin);
          // A signed-in caller's private answer (ADR 034) may be kept, under their token; never a catalog answer.
          if (request.headers.has('authorization')) {
            const privateCandidate = await privateAnswers?.begin(key, url.searchParams, bearerTokenOf(request.headers.get('authorization')));
            if (privateCandidate) privateCandidates.set(request, privateCandidate);
            return;
          }
          const kept = answerCache.get(key);
          if (kept) {
            answeredFromCache.add(request);
            const headers = new Headers(kept.headers);
            headers.set('X-Magento-Cache-Debug', 'HIT');
            endResponse(new Response(new Uint8Array(kept.body), { status: 200, headers }));
            return;
          }
          candidates.set(request, { key, generation: answerCache.generation });
          // A private answer is looked up by the Express handler (keptAnswers); here its stamp is read before it is made.
          const privateCandidate = await privateAnswers?.begin(key, url.searchParams);
          if (privateCandidate) privateCandidates.set(request, privateCandidate);
        },
        // A string holding U+0000 cannot reach PostgreSQL (ADR 037): refused as input, never a 500.
        // A document nested past what the parser's recursion can read is refused before it is parsed.
        // A `query` that is not a string is left to yoga, which refuses it (400).
        onParams({ params, setResult }) {
          const query: unknown = params.query;
          if (holdsNul(params.variables) || holdsNul(query) || (typeof query === 'string' && query.includes('\\u0000'))) {
            setResult({ errors: [inputError(NUL_REFUSED)] });
          } else if (typeof query === 'string' && documentNesting(query) > MAX_DOCUMENT_NESTING) {
            setResult({ errors: [inputError(DOCUMENT_TOO_DEEP)] });
          }
        },
        // yoga's refusal of a body that is not JSON carries the parser's message in
        // `extensions.originalError`, which quotes the body back (ADR 037): outside development no
        // answer carries it.
        onResultProcess({ result, setResult }) {
          if (config.isDevelopment || Symbol.asyncIterator in result) return;
          const results = Array.isArray(result) ? result : [result];
          if (!results.some((r) => r.errors?.some((e) => e.extensions?.originalError !== undefined))) return;
          const cleaned = results.map((r) => (r.errors ? { ...r, errors: r.errors.map(withoutOriginalError) } : r));
          setResult(Array.isArray(result) ? cleaned : cleaned[0]!);
        },
        // Magento's query depth and complexity limits (one query of 60 aliases answered 7 MB).
        // They depend on the document alone, so yoga's validation cache (per document) stays right.
        onValidate({ addValidationRule }: { addValidationRule: (rule: ValidationRule) => void }) {
          for (const rule of QUERY_LIMIT_RULES) addValidationRule(rule);
        },
        onExecute({ args }: { args: ExecutionArgs }) {
          const operation = args.document.definitions.find(
            (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!args.operationName || d.name?.value === args.operationName),
          );
          const rootFields = operation?.selectionSet.selections.flatMap((sel) => (sel.kind === Kind.FIELD ? [sel.name.value] : ['…'])) ?? [];
          const { request, cacheTags } = args.contextValue as { request?: Request; cacheTags?: Set<string> };
          if (request && operation?.operation === 'query' && rootFields.every((f) => CACHEABLE_ROOT_FIELDS.has(f))) catalogReads.add(request);
          if (request && cacheTags) tagsOf.set(request, cacheTags);
          // Magento answers its messages in the store view's language
          const locale = (args.contextValue as Partial<RequestContext>).store?.locale;
          return {
            onExecuteDone({ result, setResult }: { result: ExecutionResult | AsyncIterable<ExecutionResult>; setResult: (r: ExecutionResult) => void }) {
              if (Symbol.asyncIterator in result || !result.errors?.length) return;
              const errors = result.errors.map(withoutVariableValue);
              setResult({ ...result, errors: locale ? localisedErrors(errors, locale) : errors });
            },
          };
        },
        async onResponse({ request, response }) {
          if (answeredFromCache.has(request)) return;
          const storeCode = request.headers.get('store') ?? 'ca';
          const currency = request.headers.get('content-currency') ?? '';
          response.headers.set('X-Magento-Cache-Id', cacheIdOf(storeCode, currency, Boolean(bearerTokenOf(request.headers.get('authorization')))));
          const cacheable = request.method === 'GET' && !request.headers.get('authorization') && response.status === 200 && catalogReads.has(request);
          response.headers.set('Cache-Control', cacheable ? 'public, max-age=300' : 'no-store');
          response.headers.append('Vary', `Store, Authorization, Content-Currency, X-Magento-Cache-Id${allowedOrigins.size ? ', Origin' : ''}`);
          const privateCandidate = privateCandidates.get(request);
          if (privateAnswers && privateCandidate && response.status === 200 && !cacheable) {
            const body = Buffer.from(await response.clone().arrayBuffer());
            if (body.includes('"errors":')) return;
            response.headers.set('X-Lunette-Private-Answer', 'MISS');
            privateAnswers.keep(privateCandidate, body, keptHeaders(response.headers));
            return;
          }
          if (!cacheable) return;
          // Magento's tags for Varnish purges: the entities the answer shows, and FPC (every page).
          const tags = [...(tagsOf.get(request) ?? []), 'FPC'];
          response.headers.set('X-Magento-Tags', tags.join(','));
          const candidate = candidates.get(request);
          if (!answerCache || !candidate) return;
          response.headers.set('X-Magento-Cache-Debug', 'MISS');
          const body = Buffer.from(await response.clone().arrayBuffer());
          // An answer with errors (a product not found yet, a limit) is not kept.
          if (body.includes('"errors":')) return;
          answerCache.set(candidate.key, { body, headers: keptHeaders(response.headers), tags }, candidate.generation);
        },
      },
    ],
  });

  const router = express.Router();
  /** Requests a kept answer was looked up for already (the server's front door, then the router's). */
  const lookedUp = new WeakSet<IncomingMessage>();
  // A kept answer straight from Node's request, before Express or yoga (the same rule and key as
  // the plugin's onRequest, which serves the in-process `graphqlFetch`): its stored bytes (or a
  // compressed copy of them), with its stored headers; no parse, no resolver.
  const keptAnswers: KeptAnswerHandler = (req, res, next) => {
    if (!answerCache || (req.method !== 'GET' && req.method !== 'HEAD') || lookedUp.has(req)) return next();
    lookedUp.add(req);
    const headers: HeaderReader = { get: (name) => headerOf(req, name) };
    const origin = config.publicOrigin ? null : originOf(headers, options.trustForwardedHeaders ?? false);
    const params = searchParamsOf((req as { originalUrl?: string }).originalUrl ?? req.url ?? '');
    const key = answerCacheKey(params, headers, origin);
    const signedIn = req.headers.authorization !== undefined;
    const kept = signedIn ? null : answerCache.get(key);
    if (!kept) {
      // A private answer (ADR 034): sent once its stamp (with a signed-in caller's token checked), read again now, is the same; else made as usual.
      if (!privateAnswers) return next();
      privateAnswers
        .lookup(key, params, signedIn ? bearerTokenOf(req.headers.authorization) : null)
        .then((mine) => (mine ? sendKept(req, res, mine, 'X-Lunette-Private-Answer', next) : next()), next);
      return;
    }
    sendKept(req, res, kept, 'X-Magento-Cache-Debug', next);
  };
  /**
   * The encoding a kept answer goes in for each `Accept-Encoding` seen (negotiated once per
   * distinct header, not per request: browsers send a handful; a CPU profile showed the cost).
   */
  const encodings = new Map<string, AnswerEncoding | null>();
  const encodingFor = (req: IncomingMessage): AnswerEncoding | null => {
    const header = req.headers['accept-encoding'];
    if (!header) return null;
    let encoding = encodings.get(header);
    if (encoding === undefined) {
      const accepted = accepts(req).encoding('br', 'gzip');
      encoding = accepted === 'br' || accepted === 'gzip' ? accepted : null;
      if (encodings.size >= 100) encodings.clear();
      encodings.set(header, encoding);
    }
    return encoding;
  };
  /** Sends a kept answer's bytes (or a compressed copy of them) with its stored headers. */
  const sendKept = (req: IncomingMessage, res: ServerResponse, kept: CachedAnswer, hitHeader: string, next: (error?: unknown) => void) => {
    const { body, encoding } = encodedBody(kept, encodingFor(req));
    const send = (bytes: Buffer) => {
      for (const [name, value] of kept.headers) res.setHeader(name, value);
      for (const [name, value] of Object.entries(corsHeadersFor(allowedOrigins, headerOf(req, 'origin')) ?? {})) res.setHeader(name, value);
      res.setHeader(hitHeader, 'HIT');
      res.setHeader('Vary', `${String(res.getHeader('vary') ?? '')}${res.hasHeader('vary') ? ', ' : ''}Accept-Encoding`);
      if (encoding) res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', bytes.length);
      res.writeHead(200);
      res.end(req.method === 'HEAD' ? undefined : bytes);
    };
    if (Buffer.isBuffer(body)) send(body);
    else body.then(send, next);
  };
  // A `%00` in any path or query string names nothing the shop keeps (ADR 037): 400 in the endpoint's own shape.
  router.use((req, res, next) => {
    if (!urlHoldsNul(req.url)) return next();
    res.status(400).set('Cache-Control', 'no-store');
    if (req.path.startsWith('/graphql')) res.json({ errors: [{ message: NUL_REFUSED, extensions: { category: 'graphql-input' } }] });
    else if (req.path.startsWith('/rest/')) res.json({ message: NUL_REFUSED, parameters: [] });
    else res.type('text/plain').send(NUL_REFUSED);
  });
  // yoga reads a GET's `variables` and `extensions` with JSON.parse and answered 500 when they were
  // not JSON; they are refused here as the client's error, without the parser's words (ADR 037).
  router.get('/graphql', (req, res, next) => {
    const params = new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1 || req.url.length));
    const unreadable = GET_JSON_PARAMS.find((name) => {
      const value = params.get(name);
      return value !== null && !isJsonText(value);
    });
    if (!unreadable) return next();
    res
      .status(400)
      .set('Cache-Control', 'no-store')
      .json({ errors: [inputError(`The "${unreadable}" parameter could not be read as JSON.`)] });
  });
  router.get('/graphql', keptAnswers);
  router.use('/graphql', yoga);
  const deps: RouteDeps = { db, config, contextFor };
  for (const m of modules) m.routes?.(router, deps);

  return {
    router,
    keptAnswers,
    graphqlFetch: async (request) => yoga.fetch(request),
    db,
    answerCache,
    privateAnswers,
    seeded,
    close: async () => {
      stopPurging();
      stopPrivatePurges();
      await stopSharingPurges();
      await db.close();
    },
  };
}
