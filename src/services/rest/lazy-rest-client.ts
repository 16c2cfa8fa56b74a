/**
 * The REST client loads with the first call that needs it (the checkout), not with the home page:
 * only this small loader sits in the initial bundle.
 */
import type { RestClient, RestClientOptions } from './rest-client';

export type LoadRestClient = () => Promise<RestClient>;

export function lazyRestClient(options: RestClientOptions): LoadRestClient {
  let client: Promise<RestClient> | null = null;
  return () =>
    (client ??= import('./rest-client').then(
      ({ createRestClient }) => createRestClient(options),
      (error: unknown) => {
        // A load that failed (offline) is tried again by the next call, never kept as the answer.
        client = null;
        throw error;
      },
    ));
}
