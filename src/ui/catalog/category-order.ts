/** A category as a menu or a category page lists it. */
export interface ListedCategory {
  uid: string;
  position?: number | null;
  include_in_menu?: number | null;
}

/**
 * spec §4 Other (Catalog): a category's children as shown, in one place for the navigation drawer
 * and the category page: those in the menu, sorted by position, then uid. The children come from
 * the Apollo cache, where category tree nodes are identified by uid (spec §3), so they are merged
 * there once (docs/decisions/008-route-machine-owns-the-page.md).
 */
export function menuCategories<T extends ListedCategory>(list: readonly (T | null)[] | null | undefined): T[] {
  return (list ?? [])
    .flatMap((c) => (c && c.include_in_menu !== 0 ? [c] : []))
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
}
