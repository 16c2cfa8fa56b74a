/**
 * Spec §8: the out-of-stock errors Magento reports beside a cart whose items it could not load are
 * dropped from the response, and the affected items removed from the returned data; they are not
 * shown as errors (the cart still renders, without the lines that cannot be bought).
 */
export const OUT_OF_STOCK_MESSAGES = [
  'Some of the products are out of stock.',
  'There are no source items with the in stock status',
  'The requested qty is not available',
] as const;

interface ErrorWithPath {
  message?: unknown;
  path?: ReadonlyArray<string | number> | null;
}

export interface ResultWithErrors<TData = unknown> {
  data?: TData | null;
  errors?: ReadonlyArray<ErrorWithPath> | null;
}

export function isOutOfStockError(error: ErrorWithPath): boolean {
  return typeof error.message === 'string' && (OUT_OF_STOCK_MESSAGES as readonly string[]).some((m) => (error.message as string).includes(m));
}

/** The list an error points into (`['cart', 'items', 2]` → `['cart', 'items']`), or null. */
function listPathOf(path: ReadonlyArray<string | number> | null | undefined): ReadonlyArray<string | number> | null {
  if (!path) return null;
  const lastIndex = path.findLastIndex((segment) => typeof segment === 'number');
  return lastIndex > 0 ? path.slice(0, lastIndex) : null;
}

function valueAt(root: unknown, path: ReadonlyArray<string | number>): unknown {
  return path.reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string | number, unknown>)[key] : undefined), root);
}

/** A copy of `root` with the list at `path` replaced (objects along the path copied, never mutated). */
function withValueAt(root: unknown, path: ReadonlyArray<string | number>, value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(root)) return root.map((item, index) => (index === head ? withValueAt(item, rest, value) : item));
  if (typeof root !== 'object' || root === null) return root;
  return { ...(root as object), [head]: withValueAt((root as Record<string | number, unknown>)[head], rest, value) };
}

export function dropOutOfStockErrors<T extends ResultWithErrors>(result: T): T {
  const errors = result.errors ?? [];
  const outOfStock = errors.filter(isOutOfStockError);
  if (outOfStock.length === 0) return result;
  // The items Magento could not load: each error's path ends at the item's index in its list.
  const removals = new Map<string, { listPath: ReadonlyArray<string | number>; indexes: Set<number> }>();
  for (const error of outOfStock) {
    const listPath = listPathOf(error.path);
    if (!listPath) continue;
    const key = JSON.stringify(listPath);
    const entry = removals.get(key) ?? { listPath, indexes: new Set<number>() };
    const index = error.path?.[listPath.length];
    if (typeof index === 'number') entry.indexes.add(index);
    removals.set(key, entry);
  }
  let data: unknown = result.data;
  for (const { listPath, indexes } of removals.values()) {
    const list = valueAt(data, listPath);
    if (!Array.isArray(list)) continue;
    data = withValueAt(
      data,
      listPath,
      list.filter((item, index) => item !== null && !indexes.has(index)),
    );
  }
  const kept = errors.filter((error) => !isOutOfStockError(error));
  const next = { ...result, data } as T;
  if (kept.length > 0) return { ...next, errors: kept };
  const { errors: _dropped, ...withoutErrors } = next;
  return withoutErrors as T;
}
