import type { Backend } from '../backend/src/backend';

/**
 * How the server itself asks GraphQL (a server render's queries, the sitemap): `fetch` bound to
 * the page's origin. The embedded backend answers in-process (no socket, the same schema, limits
 * and cache headers as over HTTP); a real Magento (`MAGENTO_BACKEND_URL`) over HTTP.
 *
 * `origin` is the public origin the page is served at: the embedded backend writes media URLs on
 * it when no PUBLIC_URL fixes one (ADR 012), so what the server renders names the same images
 * the browser's own queries would.
 */
export type ServerGraphqlFetch = (origin: string) => typeof fetch;

export function serverGraphqlFetch(backend: Pick<Backend, 'graphqlFetch'> | null, magentoBackendUrl: string | null): ServerGraphqlFetch {
  if (!backend) {
    if (!magentoBackendUrl) throw new Error('serverGraphqlFetch needs the embedded backend or MAGENTO_BACKEND_URL');
    const endpoint = `${magentoBackendUrl}/graphql`;
    return () => (input, init) => fetch(requestTo(endpoint, input, init));
  }
  return (origin) => async (input, init) => {
    const request = requestTo(`${origin}/graphql`, input, init);
    const headers = new Headers(request.headers);
    headers.set('host', new URL(origin).host);
    return backend.graphqlFetch(new Request(request, { headers }));
  };
}

/** The request sent to `endpoint`, with the query string of the URL asked for (GET queries carry their variables there). */
function requestTo(endpoint: string, input: Parameters<typeof fetch>[0], init?: RequestInit): Request {
  const asked = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = `${endpoint}${new URL(asked, 'http://server.invalid').search}`;
  return input instanceof Request ? new Request(url, input) : new Request(url, init);
}
