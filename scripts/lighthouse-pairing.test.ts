import { describe, expect, it } from 'vitest';
import { median, pairedSummary, ratio, requestsBeforeReady, type RunFigures } from './lighthouse-pairing.mjs';

describe('median', () => {
  it('takes the middle value of an odd count and the mean of the middle two of an even one, in any order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('ignores NaN and is NaN when nothing is left', () => {
    expect(median([Number.NaN, 5, 1])).toBe(3);
    expect(median([])).toBeNaN();
    expect(median([Number.NaN])).toBeNaN();
  });
});

describe('ratio', () => {
  it('divides the shop by the floor, 1 when both are 0 and Infinity when only the floor is', () => {
    expect(ratio(800, 1000)).toBe(0.8);
    expect(ratio(0, 0)).toBe(1);
    expect(ratio(50, 0)).toBe(Number.POSITIVE_INFINITY);
  });
});

/** A report with requests starting at `starts` (ms after the first), LCP and load at the given ms. */
function report(starts: readonly number[], { lcpMs, loadMs }: { lcpMs: number; loadMs: number }, urls: readonly string[] = []) {
  const networkStartTimeTs = 5_000_000_000; // µs, the trace clock
  return {
    audits: {
      metrics: {
        details: { items: [{ observedLargestContentfulPaintTs: networkStartTimeTs + lcpMs * 1000, observedLoadTs: networkStartTimeTs + loadMs * 1000 }] },
      },
      'network-requests': {
        details: {
          items: starts.map((rendererStartTime, i) => ({ url: urls[i] ?? `http://shop.test/${i}`, rendererStartTime })),
          debugData: { networkStartTimeTs },
        },
      },
    },
  };
}

describe('requestsBeforeReady', () => {
  it('counts the requests started by the later of LCP and load (a page rendered on the server paints first)', () => {
    expect(requestsBeforeReady(report([0, 100, 400, 900, 1500], { lcpMs: 300, loadMs: 900 }))).toBe(4);
  });

  it('waits for LCP when load comes first (a page rendered in the browser loads before its data)', () => {
    expect(requestsBeforeReady(report([0, 50, 250, 440, 700], { lcpMs: 520, loadMs: 175 }))).toBe(4);
  });

  it('leaves out data: URLs, which never reach the network', () => {
    expect(
      requestsBeforeReady(report([0, 10, 20], { lcpMs: 100, loadMs: 100 }, ['http://shop.test/', 'data:image/png;base64,…', 'http://shop.test/a.js'])),
    ).toBe(2);
  });

  it('is null when the report lacks the audits it reads', () => {
    expect(requestsBeforeReady({ audits: {} })).toBeNull();
    const noLcp = report([0], { lcpMs: Number.NaN, loadMs: Number.NaN });
    expect(requestsBeforeReady(noLcp)).toBeNull();
  });
});

describe('pairedSummary', () => {
  const run = (performance: number, lcpMs: number, tbtMs: number, requestsBeforeReady: number | null = 10): RunFigures => ({
    performance,
    lcpMs,
    tbtMs,
    requestsBeforeReady,
  });

  it("gives each side's medians and the medians of the per-run ratios, not the ratio of the medians", () => {
    // Run 2 ran on a loaded machine: both sides slow, the ratio stays.
    const shop = [run(98, 800, 0, 12), run(80, 2400, 300, 12), run(97, 900, 20, 14)];
    const floor = [run(95, 1000, 10, 10), run(75, 3000, 300, 10), run(96, 1000, 10, 10)];
    const summary = pairedSummary(shop, floor);
    expect(summary.shop).toEqual({ performance: 97, lcpMs: 900, tbtMs: 20, requestsBeforeReady: 12 });
    expect(summary.floor).toEqual({ performance: 95, lcpMs: 1000, tbtMs: 10, requestsBeforeReady: 10 });
    expect(summary.perRun.map((r) => r.lcp)).toEqual([0.8, 0.8, 0.9]);
    expect(summary.ratios.lcp).toBe(0.8);
    expect(summary.ratios.tbt).toBe(1); // 0/10, 300/300, 20/10
    expect(summary.ratios.performance).toBeCloseTo(98 / 95);
  });

  it('refuses runs that are not paired one to one', () => {
    expect(() => pairedSummary([run(90, 1, 1)], [])).toThrow(/as many floor runs/);
    expect(() => pairedSummary([], [])).toThrow();
  });
});
