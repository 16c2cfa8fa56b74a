import { useApolloClient, type ApolloClient, type NormalizedCacheObject } from '@apollo/client';

/** The shop's Apollo client, typed as the query helpers take it (its cache is always an InMemoryCache). */
export function useShopClient(): ApolloClient<NormalizedCacheObject> {
  return useApolloClient() as ApolloClient<NormalizedCacheObject>;
}
