/** The search page of spec §2 for a query (and optionally a category filter). */
export function searchPath(query: string, categoryUid?: string): string {
  const params = new URLSearchParams({ query: query.trim() });
  if (categoryUid) params.set('category_uid', categoryUid);
  return `/search.html?${params.toString()}`;
}

/** Words shorter than this suggest nothing useful and cost a request per keystroke. */
export const MIN_SUGGESTION_LENGTH = 2;
