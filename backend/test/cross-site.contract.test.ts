/**
 * The backend answers its own shop's pages only (ADR 037): no page of another origin may read an
 * answer (no reflected `Access-Control-Allow-Origin`, above all not with credentials), nor write
 * through a plain HTML form (`POST /graphql` takes `application/json` only, as Magento does); other
 * origins are named in an allow-list (CORS_ALLOWED_ORIGINS). A kept answer (ADR 016) carries the
 * CORS headers of whoever asks for it now, never those of the caller it was first made for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './test-backend';

const EVIL = 'https://evil.example';
const FRIEND = 'https://app.lunette.example';
const STORE_CONFIG = '/graphql?query=' + encodeURIComponent('{ storeConfig { store_code default_title } }');
const preflight = (origin: string) => ({
  method: 'OPTIONS',
  headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
});

describe('cross-site calls with no allow-list (the default: same origin only)', () => {
  let api: TestBackend;
  beforeAll(async () => {
    api = await startTestBackend();
  }, 180_000);
  afterAll(() => api?.close());

  it('a preflight from another origin is not allowed: no Allow-Origin, no credentials, no Authorization', async () => {
    const res = await api.http('/graphql', preflight(EVIL));
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-allow-headers')).toBeNull();
  });

  it("a GET from another origin is answered without any CORS header, and a kept answer does not take the first caller's", async () => {
    const first = await api.http(STORE_CONFIG, { headers: { Origin: EVIL } });
    expect(first.headers.get('access-control-allow-origin')).toBeNull();
    const again = await api.http(STORE_CONFIG, { headers: { Origin: 'https://other.example' } });
    expect(again.headers.get('x-magento-cache-debug')).toBe('HIT');
    expect(again.headers.get('access-control-allow-origin')).toBeNull();
    expect(again.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it.each([
    ['application/x-www-form-urlencoded', 'query=' + encodeURIComponent('mutation { createEmptyCart }')],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="query"\r\n\r\nmutation { createEmptyCart }\r\n--x--\r\n'],
    ['text/plain', JSON.stringify({ query: 'mutation { createEmptyCart }' })],
    ['application/graphql', 'mutation { createEmptyCart }'],
  ])('a POST of %s (what a plain cross-site form can send) is refused with 415 and runs nothing', async (type, body) => {
    const before = await api.backend.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cart');
    const res = await api.http('/graphql', { method: 'POST', headers: { 'content-type': type, Origin: EVIL }, body });
    expect(res.status).toBe(415);
    const answer = (await res.json()) as { errors: { message: string; extensions: { category: string } }[]; data?: unknown };
    expect(answer.data).toBeUndefined();
    expect(answer.errors[0]).toEqual({
      message: 'The request must be sent as application/json.',
      extensions: { category: 'graphql-input' },
    });
    const after = await api.backend.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cart');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('a POST of application/json (with a charset) still runs', async () => {
    const res = await api.http('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ query: 'mutation { createEmptyCart }' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { createEmptyCart: string } }).data.createEmptyCart).toMatch(/\w{32}/);
  });

  it('a GET runs queries only: a mutation sent as GET is refused', async () => {
    const res = await api.http('/graphql?query=' + encodeURIComponent('mutation { createEmptyCart }'));
    expect(res.status).toBe(405);
  });
});

describe('cross-site calls with an allow-list (CORS_ALLOWED_ORIGINS)', () => {
  let api: TestBackend;
  beforeAll(async () => {
    api = await startTestBackend({ allowedOrigins: [FRIEND] });
  }, 180_000);
  afterAll(() => api?.close());

  it('an allowed origin gets its own origin back, with credentials; another origin gets nothing', async () => {
    const ok = await api.http('/graphql', preflight(FRIEND));
    expect(ok.headers.get('access-control-allow-origin')).toBe(FRIEND);
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    const refused = await api.http('/graphql', preflight(EVIL));
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("a kept answer first made for the allowed origin is sent to another origin without the allowed one's headers, and back to it with them", async () => {
    const first = await api.http(STORE_CONFIG, { headers: { Origin: FRIEND } });
    expect(first.headers.get('access-control-allow-origin')).toBe(FRIEND);
    const evil = await api.http(STORE_CONFIG, { headers: { Origin: EVIL } });
    expect(evil.headers.get('x-magento-cache-debug')).toBe('HIT');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const friend = await api.http(STORE_CONFIG, { headers: { Origin: FRIEND } });
    expect(friend.headers.get('x-magento-cache-debug')).toBe('HIT');
    expect(friend.headers.get('access-control-allow-origin')).toBe(FRIEND);
    expect(friend.headers.get('vary')).toMatch(/Origin/);
  });
});
