/**
 * No request can change what the shop writes, nor swamp it.
 *
 * "Safe behind a proxy": a client's `Host` / `X-Forwarded-Host` never changes a link the
 * shop writes — not the password-reset email's (an attacker's host would receive the token), not
 * the URLs of publicly cacheable answers (storeConfig, media). Only a configured public origin, or a
 * proxy the server trusts, names the shop's origin. And Magento's query depth and complexity limits
 * refuse a query before it runs (backend/src/graphql/query-limits.ts).
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './test-backend';

/** One request with headers fetch() would not send as given (Host). */
function rawRequest(
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const FORGED = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', Store: 'ca' };
const STORE_CONFIG = '/graphql?query=' + encodeURIComponent('{ storeConfig { secure_base_url secure_base_media_url base_link_url } }');

async function resetLinkFor(api: TestBackend, email: string): Promise<string> {
  const body = JSON.stringify({ query: 'mutation ($e: String!) { requestPasswordResetEmail(email: $e) }', variables: { e: email } });
  const answer = await rawRequest(`${api.url}/graphql`, { method: 'POST', headers: { ...FORGED, 'content-type': 'application/json' }, body });
  expect(JSON.parse(answer.body)).toEqual({ data: { requestPasswordResetEmail: true } });
  const mail = await api.backend.db.query<{ link: string; body: string }>('SELECT link, body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [
    email,
  ]);
  expect(mail.rows[0]!.body).toContain(mail.rows[0]!.link);
  return mail.rows[0]!.link;
}

describe('with a configured public origin (PUBLIC_URL)', () => {
  let api: TestBackend;
  beforeAll(async () => {
    api = await startTestBackend({ publicOrigin: 'https://shop.example' });
  }, 180_000);
  afterAll(() => api?.close());

  it("a password reset asked with a forged Host and X-Forwarded-Host mails a link to the shop's own origin", async () => {
    const link = await resetLinkFor(api, 'ada@example.com');
    expect(link).toMatch(/^https:\/\/shop\.example\/ca\/customer\/account\/createPassword\?email=ada%40example\.com&token=\w+$/);
  });

  it('a publicly cacheable answer asked with forged headers names only the public origin', async () => {
    const answer = await rawRequest(`${api.url}${STORE_CONFIG}`, { headers: FORGED });
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    expect(answer.body).not.toContain('evil.example');
    expect(JSON.parse(answer.body).data.storeConfig).toMatchObject({
      secure_base_url: 'https://shop.example/',
      secure_base_media_url: expect.stringMatching(/^https:\/\/shop\.example\/media\//),
    });
  });
});

describe('with no public origin and no trusted proxy (a test server on a random port)', () => {
  let api: TestBackend;
  beforeAll(async () => {
    api = await startTestBackend();
  }, 180_000);
  afterAll(() => api?.close());

  it('X-Forwarded-Host and X-Forwarded-Proto are ignored: links name the host the request reached', async () => {
    const port = new URL(api.url).port;
    const answer = await rawRequest(`${api.url}${STORE_CONFIG}`, { headers: { ...FORGED, Host: `127.0.0.1:${port}` } });
    expect(JSON.parse(answer.body).data.storeConfig.secure_base_url).toBe(`http://127.0.0.1:${port}/`);
  });
});

describe('behind a trusted proxy with no PUBLIC_URL', () => {
  let api: TestBackend;
  beforeAll(async () => {
    api = await startTestBackend({ trustForwardedHeaders: true });
  }, 180_000);
  afterAll(() => api?.close());

  it("the proxy's X-Forwarded-Host and -Proto name the origin (the server only trusts them from TRUST_PROXY addresses)", async () => {
    const answer = await rawRequest(`${api.url}${STORE_CONFIG}`, {
      headers: { 'X-Forwarded-Host': 'shop.example', 'X-Forwarded-Proto': 'https', Store: 'ca' },
    });
    expect(JSON.parse(answer.body).data.storeConfig.secure_base_url).toBe('https://shop.example/');
  });
});

describe("Magento's query limits over HTTP", () => {
  let api: TestBackend;
  beforeAll(async () => {
    api = await startTestBackend();
  }, 180_000);
  afterAll(() => api?.close());

  it('a query of 60 aliased product listings is refused before it runs, with a GraphQL error and no data', async () => {
    const query = `{ ${Array.from({ length: 60 }, (_, i) => `p${i}: products(search: "a", pageSize: 20) { items { sku name url_key description { html } } }`).join(' ')} }`;
    const answer = await api.gql(query, {}, { Store: 'ca' });
    expect(answer.errors?.map((e) => e.message)).toEqual(['Max query complexity should be 300 but got 420.']);
    expect(answer.data ?? null).toBeNull();
  });

  it('a query 30 levels deep is refused with the depth it reached', async () => {
    const query = `{ categories { items { ${'children { '.repeat(28)}uid${' }'.repeat(28)} } } }`;
    const answer = await api.gql(query, {}, { Store: 'ca' });
    expect(answer.errors?.map((e) => e.message)).toEqual(['Max query depth should be 20 but got 29.']);
  });
});
