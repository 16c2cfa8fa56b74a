/**
 * The boot runs in several browser tasks instead of one. Loading the code, building the shop
 * (machines, Apollo cache) and the first render each take tens of milliseconds on a phone;
 * in one task they block input for their sum (Lighthouse's total blocking time counts every task
 * beyond 50 ms), in separate tasks the browser can answer a tap in between.
 */

interface Scheduler {
  yield?: () => Promise<void>;
}

interface TaskScope {
  scheduler?: Scheduler;
  MessageChannel?: typeof MessageChannel;
}

/**
 * Resolves in a later task: `scheduler.yield()` where the browser has it, else a message to itself
 * (as React's scheduler does). Not a timeout: a tab opened in the background gets its timeouts
 * throttled to one a second, and the shop would boot seconds late.
 */
export function nextTask(scope: TaskScope = globalThis as TaskScope): Promise<void> {
  const yieldNow = scope.scheduler?.yield;
  if (yieldNow) return yieldNow.call(scope.scheduler);
  const Channel = scope.MessageChannel;
  if (!Channel) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new Channel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Loads the browser's locale data for number and date formats. react-intl asks for it when its
 * provider first renders (`supportedLocalesOf`), which costs a phone about 100 ms the first time:
 * done here, in a task of its own, that cost leaves the first render.
 */
export function warmUpLocaleData(locale: string, intl: Pick<typeof Intl, 'NumberFormat' | 'DateTimeFormat'> = Intl): void {
  try {
    intl.NumberFormat.supportedLocalesOf(locale);
    intl.DateTimeFormat.supportedLocalesOf(locale);
  } catch {
    // A malformed tag: react-intl reports it when it renders.
  }
}
