import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { listingSearchParams, parseListingParams, type FilterCode, type ListingParams } from './listing-params';

/**
 * The listing state in the URL, and a way to move to another state (a new history entry).
 * The router applies URL changes in a transition; until it does, the requested state is shown
 * at once, so a ticked checkbox never flickers back.
 */
export function useListingParams(allowed: readonly FilterCode[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const [requested, setRequested] = useState<{ from: string; params: ListingParams } | null>(null);
  const fromUrl = useMemo(() => parseListingParams(new URLSearchParams(query), allowed), [query, allowed]);
  const params = requested?.from === query ? requested.params : fromUrl;
  const update = useCallback(
    (next: ListingParams) => {
      setRequested({ from: query, params: next });
      setSearchParams((current) => listingSearchParams(next, current));
    },
    [query, setSearchParams],
  );
  const hrefOf = useCallback(
    (next: ListingParams) => {
      const search = listingSearchParams(next, new URLSearchParams(query)).toString();
      return search ? `?${search}` : '?';
    },
    [query],
  );
  return { params, update, hrefOf };
}
