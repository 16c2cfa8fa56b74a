/**
 * Resolves once the page has loaded (at once when it already has) and the browser is idle after it
 * (at most 5 s later). Work started then never competes with the first page's own requests and
 * hydration: the service worker's code, its registration and its precache.
 */
export function idleAfterLoad(): Promise<void> {
  return (
    document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }))
  ).then(
    () =>
      new Promise<void>((resolve) =>
        typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 5000 }) : setTimeout(resolve, 0),
      ),
  );
}
