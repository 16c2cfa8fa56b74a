import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type NormalizedCacheObject } from '@apollo/client';
import { stripIgnoredCharacters } from 'graphql';

export interface ApolloClientOptions {
  /** `/graphql` on the origin, or a configured API URL (spec §7). */
  uri: string;
  storeCode: string;
  /** The stored sign-in token, read at each request. */
  getToken: () => string | null;
  cache?: InMemoryCache;
  /** Links placed before the HTTP link (auth, cache id, retry, queue...). */
  links?: ApolloLink[];
  fetch?: typeof fetch;
}

/**
 * The one GraphQL endpoint (spec §7): queries as GET with the query minified in the URL,
 * mutations as POST; the `Store` header names the store view; a bearer header from the stored
 * token (empty when absent).
 */
export function createHttpLink(options: Pick<ApolloClientOptions, 'uri' | 'storeCode' | 'getToken' | 'fetch'>): ApolloLink {
  const headersLink = new ApolloLink((operation, forward) => {
    const token = options.getToken();
    operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
      headers: { ...headers, Store: options.storeCode, authorization: token ? `Bearer ${token}` : '' },
    }));
    return forward(operation);
  });
  const http = new HttpLink({
    uri: options.uri,
    useGETForQueries: true,
    print: (ast, defaultPrint) => stripIgnoredCharacters(defaultPrint(ast)),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return ApolloLink.from([headersLink, http]);
}

export function createApolloClient(options: ApolloClientOptions): ApolloClient<NormalizedCacheObject> {
  return new ApolloClient({
    link: ApolloLink.from([...(options.links ?? []), createHttpLink(options)]),
    cache: options.cache ?? new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-first' } },
  });
}
