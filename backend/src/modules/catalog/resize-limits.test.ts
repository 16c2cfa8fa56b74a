import { describe, expect, it } from 'vitest';
import { ResizePool, ResizeQueueFull, snappedSize, specWidthOf } from './resize-limits';

describe('ADR 037: the media route makes spec §9 sizes only', () => {
  it('spec §9: a width snaps up to the next of 40, 80, 160, 320, 640, 960, 1280, 1600, 2560', () => {
    expect([1, 40, 41, 500, 641, 2000, 2560].map(specWidthOf)).toEqual([40, 40, 80, 640, 960, 2560, 2560]);
  });

  it("the storefront's own sizes stay as asked (spec §9's 0.8, the try-on thumbnails' 2.4, squares)", () => {
    expect(snappedSize(320, 400)).toEqual({ width: 320, height: 400 });
    expect(snappedSize(160, Math.round(160 / 2.4))).toEqual({ width: 160, height: 67 });
    expect(snappedSize(160, 160)).toEqual({ width: 160, height: 160 });
    expect(snappedSize(640, null)).toEqual({ width: 640, height: null });
  });

  it('any other size maps to a spec width and a ratio rounded to 0.05', () => {
    expect(snappedSize(500, 333)).toEqual({ width: 640, height: Math.round(640 / 1.5) });
    expect(snappedSize(2560, 1)).toEqual({ width: 2560, height: 640 });
    expect(snappedSize(null, 333)).toEqual({ width: null, height: 640 });
    const distinct = new Set<string>();
    for (let w = 1; w <= 2560; w += 7) for (let h = 1; h <= 2560; h += 97) distinct.add(JSON.stringify(snappedSize(w, h)));
    expect(distinct.size).toBeLessThan(9 * 80);
  });
});

describe('ADR 037: resizes run in a bounded pool', () => {
  it('runs at most maxRunning at once, queues maxQueued more, and refuses the rest at once', async () => {
    const pool = new ResizePool(2, 3);
    const release: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const job = () =>
      pool.run(
        () =>
          new Promise<void>((done) => {
            most = Math.max(most, ++running);
            release.push(() => {
              running--;
              done();
            });
          }),
      );
    const jobs = Array.from({ length: 5 }, job);
    await Promise.resolve();
    expect(pool.load()).toEqual({ running: 2, waiting: 3 });
    await expect(job()).rejects.toBeInstanceOf(ResizeQueueFull);
    while (release.length || pool.load().running) {
      release.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(jobs);
    expect(most).toBe(2);
    expect(pool.load()).toEqual({ running: 0, waiting: 0 });
  });
});
