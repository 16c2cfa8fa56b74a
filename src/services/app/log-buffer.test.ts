import { describe, expect, it, vi } from 'vitest';
import { createLogBuffer, errorText, LOG_BUFFER_LINES } from './log-buffer';

describe('log buffer', () => {
  it('spec §9 Log buffer 30 lines: only the last 30 lines are kept, oldest first', () => {
    const log = createLogBuffer({ echo: null, now: () => 7 });
    for (let n = 1; n <= 45; n += 1) log.write(`line ${n}`);
    expect(LOG_BUFFER_LINES).toBe(30);
    expect(log.lines()).toHaveLength(30);
    expect(log.lines()[0]).toEqual({ at: 7, text: 'line 16' });
    expect(log.lines()[29]).toEqual({ at: 7, text: 'line 45' });
  });

  it('spec §9 Log buffer 30 lines: a multi-line message counts as several lines', () => {
    const log = createLogBuffer({ echo: null, limit: 3 });
    log.write('first');
    log.write('GraphQL errors:\nCart not found\nToken expired');
    expect(log.lines().map((line) => line.text)).toEqual(['GraphQL errors:', 'Cart not found', 'Token expired']);
  });

  it("spec §8: a logged error keeps the spec's message, then the error's class and message", () => {
    const log = createLogBuffer({ echo: null });
    log.write('Error persisting cache', new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    log.write('Unhandled error TypeError1700000123q:', new TypeError('x is undefined'));
    expect(log.lines().map((line) => line.text)).toEqual([
      'Error persisting cache QuotaExceededError: The quota has been exceeded.',
      'Unhandled error TypeError1700000123q: TypeError: x is undefined',
    ]);
  });

  it('echoes every write to the console (or the given echo) unchanged', () => {
    const echo = vi.fn();
    const error = new Error('boom');
    createLogBuffer({ echo }).write('Error restoring cache', error);
    expect(echo).toHaveBeenCalledWith('Error restoring cache', error);
  });

  it('tells subscribers about writes and keeps the same array between writes', () => {
    const log = createLogBuffer({ echo: null });
    const listener = vi.fn();
    const stop = log.subscribe(listener);
    const before = log.lines();
    expect(log.lines()).toBe(before);
    log.write('one');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(log.lines()).not.toBe(before);
    stop();
    log.write('two');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('refuses a limit that keeps nothing, saying why', () => {
    expect(() => createLogBuffer({ limit: 0 })).toThrow('A log buffer keeps at least 1 line; got 0.');
    expect(() => createLogBuffer({ limit: 2.5 })).toThrow('got 2.5');
  });

  it('describes errors, strings and other values', () => {
    expect(errorText(new RangeError('bad'))).toBe('RangeError: bad');
    expect(errorText(new Error(''))).toBe('Error');
    expect(errorText('text')).toBe('text');
    expect(errorText({ code: 42 })).toBe('{"code":42}');
    expect(errorText(undefined)).toBe('undefined');
  });
});
