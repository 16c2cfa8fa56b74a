import { describe, expect, it, vi } from 'vitest';
import { afterNextPaint, nextTask, warmUpLocaleData } from './boot-tasks';

describe('boot tasks (fast on a phone)', () => {
  it('yields with scheduler.yield where the browser has it', async () => {
    const scheduler = { yield: vi.fn(() => Promise.resolve()) };
    const MessageChannel = vi.fn();
    await nextTask({ scheduler, MessageChannel: MessageChannel as never });
    expect(scheduler.yield).toHaveBeenCalledOnce();
    expect(MessageChannel).not.toHaveBeenCalled();
  });

  it('else continues on a message to itself: after every microtask and after a task queued before it, never on a timer', async () => {
    vi.useFakeTimers();
    try {
      const order: string[] = [];
      const earlierTask = new MessageChannel();
      earlierTask.port1.onmessage = () => {
        order.push('task queued before');
        earlierTask.port1.close();
      };
      earlierTask.port2.postMessage(null);
      const waiting = nextTask({ MessageChannel }).then(() => order.push('boot continues'));
      void Promise.resolve().then(() => order.push('microtask'));
      await waiting;
      expect(order).toEqual(['microtask', 'task queued before', 'boot continues']);
      // the fake clock never moved: no timeout was involved
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the boot waits for the next frame, then a task, so the page as it arrived is painted first', async () => {
    const frames: (() => void)[] = [];
    const scheduler = { yield: vi.fn(() => Promise.resolve()) };
    let done = false;
    const waiting = afterNextPaint({ requestAnimationFrame: (callback) => frames.push(callback), document: { visibilityState: 'visible' }, scheduler }).then(
      () => (done = true),
    );
    await Promise.resolve();
    expect(done).toBe(false);
    expect(scheduler.yield).not.toHaveBeenCalled();
    frames.shift()!();
    await waiting;
    expect(scheduler.yield).toHaveBeenCalledOnce();
    expect(done).toBe(true);
  });

  it('a hidden tab (no frames) goes on at the next task', async () => {
    const requestAnimationFrame = vi.fn();
    const scheduler = { yield: vi.fn(() => Promise.resolve()) };
    await afterNextPaint({ requestAnimationFrame, document: { visibilityState: 'hidden' }, scheduler });
    expect(requestAnimationFrame).not.toHaveBeenCalled();
    expect(scheduler.yield).toHaveBeenCalledOnce();
  });

  it('without either (outside a browser) it goes straight on', async () => {
    await expect(nextTask({})).resolves.toBeUndefined();
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
