/**
 * No malformed request answers 500 at the Node server's own door (ADR 037, *Malformed input*): the
 * backend's routes are fuzzed behind the backend's router (`backend/test/input-fuzz.contract.test.ts`);
 * here the whole shop server is, as a shopper's browser reaches it: its own routes (health, ready,
 * robots and sitemaps, the built assets and files, media through the server, the payment return pages
 * and every other page through the server render) with odd paths, queries and headers, and
 * `POST /graphql` with bodies its JSON parser reads first — not JSON, JSON of the wrong type, huge,
 * deeply nested, compressed or in charsets it does not take, under odd content types. Every answer is
 * a refusal below 500 (or the page's own 404), and no error answer writes back the parser's message
 * or anything it was sent.
 *
 * Seeded (FUZZ_SEED / FUZZ_SCALE explore others by hand), so a failure names the same case every run.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded } from '../backend/test/seeded-random';
import { seededTemplate } from '../backend/test/test-backend';
import { createShopServer, type ShopServer } from './app';
import { readServerConfig } from './config';
import { createLogger } from './logger';
import { SERVER_RENDER_FILE } from './page-render';

const SEED = Number(process.env.FUZZ_SEED ?? 20261202);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);

/** Marks what a case sends, so that an answer writing it back is recognised. */
const MARK = 'zq7mark';

/** A raw HTTP request (fetch would refuse or normalise the odd paths, methods and headers sent here). */
function send(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string },
): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const req = request({ host: hostname, port, method: options.method ?? 'GET', path: options.path, headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(options.body);
  });
}

/** What the JSON parser says of what it could not read (V8's words), which quote the body back. */
const PARSER_WORDS =
  /Unexpected (token|end|non-whitespace)|in JSON at position|is not valid JSON|Bad control character|Expected property name|unsupported (charset|content encoding)|Failed to decode param/i;

function problemsOf(answer: { status: number; type: string; body: string }, echoes: readonly string[]): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  if (/Unexpected error\.|Internal server error/i.test(answer.body)) problems.push('answered an internal error');
  // A page may name its own URL (its canonical link); an error answer names nothing it was sent.
  if (answer.status >= 400 && !answer.type.startsWith('text/html')) {
    if (PARSER_WORDS.test(answer.body)) problems.push('wrote back the parser message');
    for (const echo of echoes) if (answer.body.includes(echo)) problems.push(`wrote back ${echo.slice(0, 60)}`);
  }
  return problems;
}

let dir: string;
let shop: ShopServer;
let server: Server;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lunette-door-fuzz-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, '.server'), { recursive: true });
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="description" content="shell"><title>Lunette</title></head><body><div id="root"><div><div></div></div></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'robots-extra.txt'), 'a file of the build');
  // The server render from source (the build's `.server/server-render.js` re-exports it), so every
  // page path reaches the real render on the real backend without a build.
  writeFileSync(
    join(dist, SERVER_RENDER_FILE),
    `export { renderShopPage } from ${JSON.stringify(resolve(import.meta.dirname, '../src/app/server-render.tsx'))};\n`,
  );
  cpSync(await seededTemplate('all-modules', undefined), join(dir, 'data', 'db'), { recursive: true });
  shop = await createShopServer(readServerConfig({ PORT: '0', DATA_DIR: join(dir, 'data') }), dist, { logger: createLogger({ level: 'silent' }) });
  server = await new Promise<Server>((done) => {
    const s = shop.listen(0, '127.0.0.1', () => done(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await shop?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const nested = (depth: number, open: string, close: string, inner: string) => open.repeat(depth) + inner + close.repeat(depth);

/** Bodies `express.json` reads before the backend sees them: each with what it must not write back. */
const graphqlBodies: { name: string; body: Buffer | string; type?: string; headers?: Record<string, string>; echoes?: string[] }[] = [
  { name: 'not JSON', body: `{"query": ${MARK}}`, echoes: [MARK] },
  { name: 'cut short', body: `{"query": "{ __typename }", "variables": {"${MARK}": [`, echoes: [MARK] },
  { name: 'single quotes', body: `{'query': '${MARK}'}`, echoes: [MARK] },
  { name: 'a bare word', body: `${MARK}`, echoes: [MARK] },
  { name: 'a bare number (not an object)', body: '987654321.125', echoes: ['987654321.125'] },
  { name: 'a bare string', body: `"${MARK}"`, echoes: [MARK] },
  { name: 'null', body: 'null' },
  { name: 'true', body: 'true' },
  { name: 'an array', body: `[{"query": "{ __typename }"}, "${MARK}"]`, echoes: [MARK] },
  { name: 'an empty array', body: '[]' },
  { name: 'an empty body', body: '' },
  { name: 'whitespace', body: '   \n ' },
  { name: 'U+0000 in the JSON text', body: `{"query": "{ __typename }\u0000${MARK}"}`, echoes: [MARK] },
  { name: 'an escaped U+0000', body: `{"query": "{ __typename }", "variables": {"a": "\\u0000${MARK}"}}`, echoes: [MARK] },
  { name: 'a lone surrogate', body: `{"query": "\\uD800${MARK}"}`, echoes: [MARK] },
  { name: 'a byte-order mark', body: `\uFEFF{"query": "{ __typename }"}` },
  {
    name: 'bytes that are not UTF-8',
    body: Buffer.concat([Buffer.from('{"query": "'), Buffer.from([0xff, 0xfe, 0xc0, 0xaf]), Buffer.from(`${MARK}"}`)]),
    echoes: [MARK],
  },
  { name: 'query a number', body: '{"query": 987654321.125}', echoes: ['987654321.125'] },
  { name: 'query an array', body: `{"query": ["${MARK}"]}`, echoes: [MARK] },
  { name: 'query an object', body: `{"query": {"${MARK}": 1}}`, echoes: [MARK] },
  { name: 'variables a string', body: `{"query": "{ __typename }", "variables": "${MARK}"}` },
  { name: 'variables an array', body: `{"query": "{ __typename }", "variables": [987654321.125]}`, echoes: ['987654321.125'] },
  { name: 'operationName an object', body: `{"query": "{ __typename }", "operationName": {"${MARK}": 1}}`, echoes: [MARK] },
  { name: 'extensions a number', body: '{"query": "{ __typename }", "extensions": 987654321.125}', echoes: ['987654321.125'] },
  { name: 'a huge body', body: JSON.stringify({ query: `{ __typename } #${'x'.repeat(400_000)}` }) },
  { name: 'a huge unbroken JSON string just under the limit', body: JSON.stringify({ query: '{ __typename }', variables: { a: 'y'.repeat(250_000) } }) },
  { name: 'deeply nested arrays', body: `{"query": "{ __typename }", "variables": {"a": ${nested(50_000, '[', ']', '1')}}}` },
  { name: 'deeply nested objects', body: `{"query": "{ __typename }", "variables": {"a": ${nested(20_000, '{"a":', '}', '1')}}}` },
  { name: 'deeply nested selections', body: JSON.stringify({ query: nested(5_000, '{ a ', '}', '') }) },
  { name: 'deeply nested list values', body: JSON.stringify({ query: `{ products(search: ${nested(5_000, '[', ']', '1')}) { total_count } }` }) },
  { name: 'many aliases', body: JSON.stringify({ query: `{ ${Array.from({ length: 5_000 }, (_, i) => `a${i}: __typename`).join(' ')} }` }) },
  { name: 'a duplicated key', body: '{"query": "{ __typename }", "query": 5}' },
  { name: 'a charset Node cannot decode', body: '{"query": "{ __typename }"}', type: `application/json; charset=${MARK}`, echoes: [MARK] },
  { name: 'UTF-16', body: Buffer.from('{"query": "{ __typename }"}', 'utf16le'), type: 'application/json; charset=utf-16' },
  { name: 'Latin-1', body: Buffer.from('{"query": "{ __typename }"}', 'latin1'), type: 'application/json; charset=iso-8859-1' },
  { name: 'gzip that is not gzip', body: `${MARK}${MARK}`, headers: { 'content-encoding': 'gzip' }, echoes: [MARK] },
  { name: 'gzip of bad JSON', body: gzipSync(`{"query": ${MARK}`), headers: { 'content-encoding': 'gzip' }, echoes: [MARK] },
  {
    name: 'gzip that inflates past the limit',
    body: gzipSync(JSON.stringify({ query: `{ __typename } #${' '.repeat(5_000_000)}` })),
    headers: { 'content-encoding': 'gzip' },
  },
  { name: 'an unknown content encoding', body: '{"query": "{ __typename }"}', headers: { 'content-encoding': MARK }, echoes: [MARK] },
  { name: 'a structured +json type', body: `{"query": ${MARK}}`, type: 'application/vnd.api+json', echoes: [MARK] },
  { name: 'application/graphql', body: '{ __typename }', type: 'application/graphql' },
  { name: 'text/plain', body: '{"query": "{ __typename }"}', type: 'text/plain' },
  { name: 'a urlencoded form', body: `query=${MARK}`, type: 'application/x-www-form-urlencoded', echoes: [MARK] },
  {
    name: 'multipart',
    body: `--b\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${MARK}\r\n--b--`,
    type: 'multipart/form-data; boundary=b',
    echoes: [MARK],
  },
  { name: 'a content type that is not one', body: '{"query": "{ __typename }"}', type: `;;;${MARK}/=`, echoes: [MARK] },
  { name: 'no content type', body: '{"query": "{ __typename }"}', type: '' },
  { name: 'a wrong content length', body: '{"query": "{ __typename }"}', headers: { 'content-length': '5' } },
];

describe("POST /graphql: what the server's JSON parser reads first", () => {
  it('refuses every body it cannot run below 500, without the parser message or the body written back', async () => {
    const failures: string[] = [];
    for (const c of graphqlBodies) {
      const headers: Record<string, string> = { ...(c.type !== '' ? { 'content-type': c.type ?? 'application/json' } : {}), ...c.headers };
      const answer = await send(url, { method: 'POST', path: '/graphql', headers, body: c.body }).catch((error: Error) => ({
        status: 0,
        type: '',
        body: error.message,
      }));
      // A wrong Content-Length may have the server close the connection: that is a refusal too.
      if (answer.status === 0 && c.headers?.['content-length']) continue;
      const problems = problemsOf(answer, c.echoes ?? []);
      if (answer.status === 0) problems.push(`no answer (${answer.body})`);
      if (problems.length) failures.push(`${c.name}: ${problems.join('; ')} — ${answer.status} ${answer.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('still runs a well-formed request (the cases above are refused for what they are, not for being POSTs)', async () => {
    const answer = await send(url, { method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: '{"query": "{ __typename }"}' });
    expect([answer.status, JSON.parse(answer.body)]).toEqual([200, { data: { __typename: 'Query' } }]);
  });
});

/** The server's own routes (and the pages every other path gets), as [method, path template]. */
const serverRoutes: [string, string][] = [
  ['GET', '/health'],
  ['GET', '/ready'],
  ['GET', '/robots.txt'],
  ['GET', '/sitemap.xml'],
  ['GET', '/:segment/sitemap.xml'],
  ['GET', '/assets/:segment'],
  ['GET', '/:segment'],
  ['GET', '/media/catalog/product/:segment'],
  ['GET', '/ca/paypal/action/return.html'],
  ['GET', '/fr/ayden/action/return.html'],
  ['GET', '/:segment/paypal/action/return.html'],
  ['GET', '/ca/:segment'],
  ['GET', '/fr/:segment.html'],
  ['GET', '/de/catalogsearch/result/'],
  ['GET', '/ca/aurora-cat-eye.html'],
  ['HEAD', '/ca/:segment'],
  ['POST', '/ca/:segment'],
  ['OPTIONS', '/:segment'],
  ['GET', '/graphql'],
];

const hostileSegments = [
  '%',
  '%E0%A4%A',
  '%ZZ',
  '%00',
  '%C0%AF',
  '%FF%FE',
  `${MARK}%2F..%2F..%2Fetc%2Fpasswd`,
  '..%2F..%2Fpackage.json',
  '.env',
  '.server%2Fserver-render.js',
  'x'.repeat(6_000),
  '%2F%2Fevil.example',
  '-1',
  '99999999999999999999',
  `${MARK}%3Cscript%3E`,
  '%u0041',
  '%F0%9F%98',
  'index.html',
];
const hostileQueries = [
  '',
  '',
  `?q=%&page=-1`,
  `?q[]=${MARK}&q[x]=1`,
  `?page=99999999999999999999&product_list_order=%ZZ`,
  `?query=%7B${MARK}&variables=%5B`,
  `?query=${encodeURIComponent('{ __typename }')}&variables=${MARK}`,
  `?query=${encodeURIComponent('{ __typename }')}&extensions=%7B%22persistedQuery%22%3A1%7D`,
  `?width=-1&height=1e9`,
  `?${'a=1&'.repeat(2_000)}`,
  `?price=-5_%00&color=%FF`,
  '?v=..%2F..%2Fx',
];
const hostileHeaders: Record<string, string>[] = [
  {},
  { 'accept-language': `${MARK};q=abc, *;q=-1` },
  { store: MARK },
  { store: '../../etc' },
  { host: `${MARK}.example` },
  { host: '' },
  { 'x-forwarded-host': `${MARK}.example`, 'x-forwarded-proto': 'gopher' },
  { accept: '*/*;q=%', 'accept-encoding': `br;q=${MARK}, gzip;q=-1` },
  { cookie: `${'a=b; '.repeat(500)}${MARK}=%ZZ` },
  { 'if-none-match': MARK, 'if-modified-since': 'yesterday', range: 'bytes=999999-1' },
  { authorization: `Bearer ${MARK}` },
  { origin: `https://${MARK}.example` },
];

describe("the server's own routes and the pages it renders", () => {
  it('answer hostile paths, queries and headers below 500 (a page its 404), writing nothing back in an error', async () => {
    const random = seeded(SEED);
    const failures: string[] = [];
    const casesPerRoute = 7 * SCALE;
    for (const [method, template] of serverRoutes) {
      for (let i = 0; i < casesPerRoute; i++) {
        const segment = random.pick(hostileSegments);
        const path = `${template.replace(':segment', segment)}${random.pick(hostileQueries)}`;
        const headers = random.pick(hostileHeaders);
        const answer = await send(url, { method, path, headers }).catch((error: Error) => ({ status: 0, type: '', body: error.message }));
        const problems = problemsOf(answer, [MARK]);
        if (answer.status === 0) problems.push(`no answer (${answer.body})`);
        if (problems.length)
          failures.push(
            `${method} ${path.slice(0, 120)} ${JSON.stringify(headers).slice(0, 80)}: ${problems.join('; ')} — ${answer.status} ${answer.body.slice(0, 160)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
