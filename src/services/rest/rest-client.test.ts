import { describe, expect, it, vi } from 'vitest';
import { createRestClient, fillMagentoParameters, RestResponseError } from './rest-client';

function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => answer(String(input), init ?? {}));
}

describe('REST client (spec §7)', () => {
  it('spec §7: sends JSON headers, includes credentials and carries the bearer token', async () => {
    const fetch = fakeFetch(() => new Response('42', { status: 200 }));
    const rest = createRestClient({ baseUrl: 'https://shop.test/', getToken: () => 'tok', fetch });
    await expect(rest.post('/rest/ca/V1/carts/mine/payment-information', { a: 1 })).resolves.toBe(42);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://shop.test/rest/ca/V1/carts/mine/payment-information');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(init?.headers).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer tok' });
  });

  it('spec §7: identical GET requests running at once are shared', async () => {
    const releases: Array<() => void> = [];
    const fetch = fakeFetch(() => new Promise<Response>((resolve) => releases.push(() => resolve(new Response('{"ok":true}')))));
    const rest = createRestClient({ baseUrl: 'https://shop.test', getToken: () => null, fetch });
    const a = rest.get('/rest/V1/directory/countries');
    const b = rest.get('/rest/V1/directory/countries');
    const other = rest.get('/rest/V1/directory/currency');
    expect(fetch).toHaveBeenCalledTimes(2);
    for (const release of releases) release();
    await expect(Promise.all([a, b, other])).resolves.toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    // once settled, the next GET is a new request
    const again = rest.get('/rest/V1/directory/countries');
    expect(fetch).toHaveBeenCalledTimes(3);
    releases.at(-1)!();
    await again;
  });

  it('identical POSTs are never shared (each may change the cart)', async () => {
    const fetch = fakeFetch(() => new Response('1'));
    const rest = createRestClient({ baseUrl: 'https://shop.test', getToken: () => null, fetch });
    await Promise.all([rest.post('/x', {}), rest.post('/x', {})]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('spec §8 Non-OK HTTP response: the text holds method, URL, status, status text, server message, extra info and trace', async () => {
    const body = {
      message: 'No such entity with %fieldName = %fieldValue',
      parameters: { fieldName: 'cartId', fieldValue: 'abc' },
      errors: [{ message: '"%1" is required. Enter and try again.', parameters: ['email'] }],
      trace: '#0 Magento\\Quote\\Model\\QuoteRepository->get()',
    };
    const fetch = fakeFetch(() => new Response(JSON.stringify(body), { status: 404, statusText: 'Not Found' }));
    const rest = createRestClient({ baseUrl: 'https://shop.test', getToken: () => null, fetch });
    const error = (await rest.post('/rest/ca/V1/guest-carts/abc/shipping-information', {}).catch((e: unknown) => e)) as RestResponseError;
    expect(error).toBeInstanceOf(RestResponseError);
    expect(error.message).toBe(
      [
        'POST https://shop.test/rest/ca/V1/guest-carts/abc/shipping-information responded 404 Not Found: No such entity with cartId = abc',
        'Extra info: "email" is required. Enter and try again.',
        'Trace: #0 Magento\\Quote\\Model\\QuoteRepository->get()',
      ].join('\n'),
    );
    expect(error).toMatchObject({ method: 'POST', status: 404, statusText: 'Not Found', serverMessage: 'No such entity with cartId = abc' });
  });

  it('spec §8: a non-JSON error page still names the request and shows the text', async () => {
    const fetch = fakeFetch(() => new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }));
    const rest = createRestClient({ baseUrl: 'https://shop.test', getToken: () => null, fetch });
    await expect(rest.get('/rest/V1/x')).rejects.toThrow('GET https://shop.test/rest/V1/x responded 502 Bad Gateway: <h1>Bad gateway</h1>');
  });

  it('fills numbered and named Magento parameters, leaving unknown ones', () => {
    expect(fillMagentoParameters('%1 of %2 (%3)', ['a', 'b'])).toBe('a of b (%3)');
    expect(fillMagentoParameters('The %field is wrong', { field: 'email' })).toBe('The email is wrong');
    expect(fillMagentoParameters('100%', undefined)).toBe('100%');
  });
});
