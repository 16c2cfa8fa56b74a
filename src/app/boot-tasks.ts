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

interface PaintScope extends TaskScope {
  requestAnimationFrame?: (callback: () => void) => unknown;
  document?: { visibilityState?: string };
}

/**
 * Resolves in a task after the browser's next frame, so the page as it arrived (a server-rendered
 * page, or index.html's boot shell) is painted before the shop's code starts working
 * (ADR 033): Chrome runs script continuations ahead of rendering, and the first paint of a server
 * page waited for the boot's tasks (observed first paints 1–2 s after the document had loaded). A
 * hidden tab gets no frames: it goes on at the next task.
 */
export function afterNextPaint(scope: PaintScope = globalThis as PaintScope): Promise<void> {
  const frame = scope.requestAnimationFrame;
  if (!frame || scope.document?.visibilityState !== 'visible') return nextTask(scope);
  return new Promise((resolve) => frame(() => resolve(nextTask(scope))));
}
