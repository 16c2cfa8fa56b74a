/**
 * catalog — spec §3 "Catalog", §4 "Other" (children merged only once, sorted by position then uid), §9 (page size 6, page 1).
 * systemId: 'catalog'. No injected effects: category data arrives by event from the views' queries.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';

/** Spec §9. */
export const CATALOG_PAGE_SIZE = 6;
export const INITIAL_PAGE = 1;

/** A category as a query returns it, children nested. */
export interface CategoryNode {
  uid: string;
  name?: string | null;
  url_key?: string | null;
  url_path?: string | null;
  position?: number | null;
  children_count?: number | string | null;
  children?: CategoryNode[] | null;
}

/** A category as the catalog keeps it: children as a list of uids (spec §3). */
export interface CategoryEntry {
  uid: string;
  name: string | null;
  url_key: string | null;
  url_path: string | null;
  position: number;
  children_count: number;
  parentId: string | null;
  /** null until the children were merged. */
  children: string[] | null;
}

function entryOf(node: CategoryNode, parentId: string | null): CategoryEntry {
  return {
    uid: node.uid,
    name: node.name ?? null,
    url_key: node.url_key ?? null,
    url_path: node.url_path ?? null,
    position: node.position ?? 0,
    children_count: Number(node.children_count ?? node.children?.length ?? 0),
    parentId,
    children: null,
  };
}

/** Sorted by position, then uid (spec §4). */
export function compareCategories(a: { position?: number | null; uid: string }, b: { position?: number | null; uid: string }): number {
  return (a.position ?? 0) - (b.position ?? 0) || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);
}

/** Spec §4: a category's children are merged only once, sorted by position then uid. */
export function mergeCategory(categories: Record<string, CategoryEntry>, category: CategoryNode): Record<string, CategoryEntry> {
  const existing = categories[category.uid];
  if (existing?.children) return categories;
  const children = [...(category.children ?? [])].sort(compareCategories);
  const merged: Record<string, CategoryEntry> = { ...categories };
  for (const child of children) {
    merged[child.uid] = categories[child.uid] ?? entryOf(child, category.uid);
  }
  merged[category.uid] = {
    ...(existing ?? entryOf(category, null)),
    children: children.map((child) => child.uid),
    children_count: children.length,
  };
  return merged;
}

export interface CatalogContext {
  categories: Record<string, CategoryEntry>;
  currentPage: number;
  pageSize: number;
  prevPageTotal: number | null;
}

export type CatalogEvent =
  | { type: 'catalog.categories.receive'; category: CategoryNode }
  | { type: 'catalog.currentPage.set'; page: number }
  | { type: 'catalog.prevPageTotal.set'; total: number | null };

export const catalogMachine = setup({
  types: { context: {} as CatalogContext, events: {} as CatalogEvent },
  guards: {
    isPageNumber: (_, params: { page: number }) => Number.isInteger(params.page) && params.page >= 1,
  },
}).createMachine({
  id: 'catalog',
  context: { categories: {}, currentPage: INITIAL_PAGE, pageSize: CATALOG_PAGE_SIZE, prevPageTotal: null },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'catalog.categories.receive': { actions: assign(({ context, event }) => ({ categories: mergeCategory(context.categories, event.category) })) },
        'catalog.currentPage.set': {
          guard: { type: 'isPageNumber', params: ({ event }) => ({ page: event.page }) },
          actions: assign(({ event }) => ({ currentPage: event.page })),
        },
        'catalog.prevPageTotal.set': { actions: assign(({ event }) => ({ prevPageTotal: event.total })) },
      },
    },
  },
});

export type CatalogSnapshot = SnapshotFrom<typeof catalogMachine>;

export const selectCategory = (uid: string) => (snapshot: CatalogSnapshot) => snapshot.context.categories[uid] ?? null;
export const selectCurrentPage = (snapshot: CatalogSnapshot) => snapshot.context.currentPage;
export const selectPageSize = (snapshot: CatalogSnapshot) => snapshot.context.pageSize;
export const selectPrevPageTotal = (snapshot: CatalogSnapshot) => snapshot.context.prevPageTotal;
