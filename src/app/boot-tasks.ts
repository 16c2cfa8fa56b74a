/**
 * The boot runs in several browser tasks instead of one. Loading the code, building the shop
 * (machines, Apollo cache) and the first render each take tens of milliseconds on a phone;
 * in one task they block input for their sum (Lighthouse's total blocking time counts every task
 * beyond 50 ms), in separate tasks the browser can answer a tap in between.
 */

interface Scheduler {
  yield?: () => Promise<void>;
}

/** Resolves in a later task: `scheduler.yield()` where the browser has it, else a zero timeout. */
export function nextTask(scope: { scheduler?: Scheduler; setTimeout: (run: () => void, ms: number) => unknown } = globalThis as never): Promise<void> {
  const yieldNow = scope.scheduler?.yield;
  if (yieldNow) return yieldNow.call(scope.scheduler);
  return new Promise((resolve) => void scope.setTimeout(resolve, 0));
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
