// Pure helpers of scripts/lighthouse.mjs's paired runs (shop page, floor, shop page, floor …): medians,
// per-run ratios and the requests a page made before it was ready. Types: lighthouse-pairing.d.mts.

/** The median of the finite-or-infinite numbers given (NaN ignored); the mean of the middle two for an even count; NaN when none. */
export function median(values) {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** shop / floor; 1 when both are 0 (e.g. no blocking time on either), Infinity when only the floor's is 0. */
export function ratio(shop, floor) {
  if (floor === 0) return shop === 0 ? 1 : Number.POSITIVE_INFINITY;
  return shop / floor;
}

/**
 * The requests the page made before it was ready, read from a Lighthouse report. "Ready" is the later
 * of the observed largest contentful paint and the load event: a page rendered on the server paints
 * its LCP image before its scripts have run (so LCP alone would leave out the code that makes it
 * work), while a page rendered in the browser fires load before its GraphQL query and images (so load
 * alone would leave out its content). Both are observed (unthrottled) times, the same clock as the
 * network log. Counted: every request of the network-requests audit that started by then, data: URLs
 * excepted (they never reach the network). Null when the report lacks either audit.
 */
export function requestsBeforeReady(report) {
  const network = report.audits?.['network-requests']?.details;
  const metrics = report.audits?.metrics?.details?.items?.[0];
  const startTs = network?.debugData?.networkStartTimeTs;
  if (!network?.items || !metrics || typeof startTs !== 'number') return null;
  const readyTs = Math.max(metrics.observedLargestContentfulPaintTs ?? Number.NaN, metrics.observedLoadTs ?? Number.NaN);
  if (!Number.isFinite(readyTs)) return null;
  const readyMs = (readyTs - startTs) / 1000; // network-requests times are ms after networkStartTimeTs (µs)
  return network.items.filter(
    (item) => !String(item.url).startsWith('data:') && typeof item.rendererStartTime === 'number' && item.rendererStartTime <= readyMs,
  ).length;
}

/**
 * One page's paired runs: `shop[i]` and `floor[i]` are summaries (performance, lcpMs, tbtMs,
 * requestsBeforeReady) of runs made one after the other. Medians of each side's figures, and medians
 * of the per-run ratios shop/floor (a ratio of two runs made side by side cancels most of the shared
 * machine's noise; a ratio of medians would not).
 */
export function pairedSummary(shop, floor) {
  if (shop.length !== floor.length || !shop.length) throw new Error(`Paired runs need as many floor runs as shop runs (${shop.length} vs ${floor.length})`);
  const side = (runs) => ({
    performance: median(runs.map((r) => r.performance)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    requestsBeforeReady: median(runs.map((r) => r.requestsBeforeReady ?? Number.NaN)),
  });
  const perRun = shop.map((s, i) => ({
    lcp: ratio(s.lcpMs, floor[i].lcpMs),
    tbt: ratio(s.tbtMs, floor[i].tbtMs),
    performance: ratio(s.performance, floor[i].performance),
  }));
  return {
    shop: side(shop),
    floor: side(floor),
    ratios: {
      lcp: median(perRun.map((r) => r.lcp)),
      tbt: median(perRun.map((r) => r.tbt)),
      performance: median(perRun.map((r) => r.performance)),
    },
    perRun,
  };
}
