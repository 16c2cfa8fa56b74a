/**
 * Issue 12: the requests a cold page makes before it is ready, against the production server, counted
 * as `npm run lighthouse` counts them (scripts/lighthouse-pairing.mjs, requestsBeforeReady): "ready"
 * is the later of the largest contentful paint and the load event, and every request that started by
 * then counts (the document included, data: URLs excepted; the browser's own manifest and icon
 * fetches are not in the page's resource timing, so this count is 1–2 under Lighthouse's).
 * Budgeted: the requests other than images (documents, scripts, stylesheets, GraphQL), each page
 * held to the most it made in two runs per viewport on 2026-11-27 plus one. How many of the
 * listing's images start before "ready" moves from run to run (they are the page's own six products),
 * so they are logged, not budgeted. The bound for a cold category page, 15 requests in all,
 * is not reached yet: 17–19 here at 1280 px (12 without its images: two of them the re-export facade
 * chunks of the page modules).
 */
import { expect, test } from './helpers/test';

const BUDGETS = [
  { name: 'category', path: '/ca/eyeglasses.html', heading: 'Eyeglasses', budget: 13 },
  { name: 'product', path: '/ca/aurora-cat-eye.html', heading: 'Aurora Cat-Eye', budget: 16 },
  { name: 'home', path: '/ca/', heading: null, budget: 10 },
  { name: 'search', path: '/ca/search.html?query=round', heading: null, budget: 14 },
] as const;

test.describe('requests before a cold page is ready (issue 12)', () => {
  for (const { name, path, heading, budget } of BUDGETS) {
    test(`${name}: at most ${budget} requests besides images before it is ready`, async ({ page }) => {
      await page.goto(path);
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { ready, urls, images } = await page.evaluate(async () => {
        const lcp = await new Promise<number>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(0), 1000);
        });
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const readyAt = Math.max(lcp, navigation.loadEventStart);
        const started = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
          (entry) => entry.startTime <= readyAt && !entry.name.startsWith('data:'),
        );
        return {
          ready: readyAt,
          urls: [navigation.name, ...started.map((entry) => entry.name)],
          images: started.filter((entry) => entry.initiatorType === 'img' || new URL(entry.name).pathname.startsWith('/media/')).length,
        };
      });
      expect(ready).toBeGreaterThan(0);
      test.info().annotations.push({ type: 'requests before ready', description: `${urls.length}: ${urls.map((u) => new URL(u).pathname).join(' ')}` });
      console.log(`${name}: ${urls.length} requests before ready (${images} images; ${Math.round(ready)} ms)`);
      expect(urls.length - images, urls.join('\n')).toBeLessThanOrEqual(budget);
    });
  }
});
