import { describe, expect, it, vi } from 'vitest';
import { nextTask, warmUpLocaleData } from './boot-tasks';

describe('boot tasks (issue "Shopper UI": fast on a phone)', () => {
  it('yields with scheduler.yield where the browser has it', async () => {
    const scheduler = { yield: vi.fn(() => Promise.resolve()) };
    const setTimeout = vi.fn();
    await nextTask({ scheduler, setTimeout });
    expect(scheduler.yield).toHaveBeenCalledOnce();
    expect(setTimeout).not.toHaveBeenCalled();
  });

  it('else continues after a zero timeout, in a later task', async () => {
    vi.useFakeTimers();
    try {
      let done = false;
      const waiting = nextTask({ setTimeout: (run, ms) => globalThis.setTimeout(run, ms) }).then(() => (done = true));
      await Promise.resolve();
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(0);
      await waiting;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks number and date formats for the locale, and a broken tag does not throw', () => {
    const NumberFormat = { supportedLocalesOf: vi.fn(() => ['en-CA']) };
    const DateTimeFormat = { supportedLocalesOf: vi.fn(() => ['en-CA']) };
    warmUpLocaleData('en-CA', { NumberFormat, DateTimeFormat } as never);
    expect(NumberFormat.supportedLocalesOf).toHaveBeenCalledWith('en-CA');
    expect(DateTimeFormat.supportedLocalesOf).toHaveBeenCalledWith('en-CA');
    expect(() => warmUpLocaleData('not a locale!')).not.toThrow();
  });
});
