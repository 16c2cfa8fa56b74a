import type { RequestContext } from '../../graphql/context';

type BatchFn<T> = (ids: number[]) => Promise<Map<number, T>>;

interface Batch<T> {
  cache: Map<number, Promise<T | undefined>>;
  queue: { id: number; resolve: (value: T | undefined) => void; reject: (error: unknown) => void }[];
}

const batchesByRequest = new WeakMap<RequestContext, Map<string, Batch<unknown>>>();

/**
 * Loads `id` through `fn`, together with every other id asked for under the same `name` while
 * GraphQL resolves the sibling fields of a list: one query per field per request instead of one
 * per product (the N+1 problem). Results are cached for the rest of the request.
 */
export function loadBatched<T>(ctx: RequestContext, name: string, id: number, fn: BatchFn<T>): Promise<T | undefined> {
  let batches = batchesByRequest.get(ctx);
  if (!batches) batchesByRequest.set(ctx, (batches = new Map()));
  let batch = batches.get(name) as Batch<T> | undefined;
  if (!batch) batches.set(name, (batch = { cache: new Map(), queue: [] }) as Batch<unknown>);
  const cached = batch.cache.get(id);
  if (cached) return cached;
  const current = batch;
  const promise = new Promise<T | undefined>((resolve, reject) => {
    if (!current.queue.length) {
      // after the promises already settled in this tick, like DataLoader
      void Promise.resolve().then(() => process.nextTick(() => void dispatch(current, fn)));
    }
    current.queue.push({ id, resolve, reject });
  });
  batch.cache.set(id, promise);
  return promise;
}

async function dispatch<T>(batch: Batch<T>, fn: BatchFn<T>): Promise<void> {
  const queue = batch.queue;
  batch.queue = [];
  try {
    const results = await fn([...new Set(queue.map((q) => q.id))]);
    for (const q of queue) q.resolve(results.get(q.id));
  } catch (error) {
    for (const q of queue) {
      batch.cache.delete(q.id);
      q.reject(error);
    }
  }
}
