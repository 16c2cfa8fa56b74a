/**
 * What a shopper does on a server page before its code runs (ADR 033). A server page asks
 * for its scripts once its LCP picture is painted, so it shows for a while before React hydrates it.
 * An inline script in the page (`earlyInteractionsCapture` in server/page-render.ts) records, until
 * `hydrateRoot` is called, the controls of `#root` a shopper used: a button, `[role=button]` or
 * `summary` clicked (its click held back: a submit button does not submit natively), a radio or
 * checkbox checked (the browser checks it at once), a text field typed in, a select changed. Links are left alone: a
 * real navigation to a server page is fine. Once React runs the page, ShopRoot loads this module
 * (only when there is something to replay) and each one is replayed in order, so the shopper's
 * choice takes effect as if made after hydration.
 */
import { EARLY_INTERACTIONS_KEY, type EarlyInteraction, type EarlyInteractionScope } from './rendered-page';

export interface ReplayOptions {
  /** Waits a little before looking again whether React runs an element (default: 20 ms). */
  pause?: () => Promise<void>;
  /**
   * How many pauses an element may wait for React before it is dropped (default: 1500, 30 s): a page
   * part in a lazy route chunk hydrates only once that chunk has come, which a slow phone or network
   * can take seconds over; the shopper's choice must still take effect then.
   */
  maxPauses?: number;
  scope?: EarlyInteractionScope;
}

/**
 * Replays what the capture recorded, once. Each element still in the page is replayed once React
 * runs it (its part of the page hydrated), in order.
 */
export async function replayEarlyInteractions(options: ReplayOptions = {}): Promise<void> {
  const recorded = (options.scope ?? (window as EarlyInteractionScope))[EARLY_INTERACTIONS_KEY]?.splice(0) ?? [];
  const pause = options.pause ?? (() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
  const maxPauses = options.maxPauses ?? 1500;
  // A field's last state is what counts (a checkbox ticked twice is as it was); a button's every click.
  const last = recorded.filter(
    (entry, at) =>
      !(entry.e instanceof HTMLInputElement || entry.e instanceof HTMLSelectElement) || !recorded.slice(at + 1).some((later) => later.e === entry.e),
  );
  for (const entry of last) {
    let pauses = 0;
    while (entry.e.isConnected && !hydrated(entry.e) && pauses < maxPauses) {
      await pause();
      pauses += 1;
    }
    if (entry.e.isConnected && hydrated(entry.e)) replay(entry);
  }
}

/** The fields of React's fiber this module reads (React 19's, as its own `getNearestMountedFiber` reads them). */
interface Fiber {
  alternate: Fiber | null;
  flags: number;
  return: Fiber | null;
  tag: number;
}
/** A fiber's flags while it is placed or hydrated and not yet committed (React's `Placement | Hydrating`). */
const NOT_COMMITTED = 0b10 | 0b1000000000000;
/** React's tag of the root fiber. */
const HOST_ROOT = 3;

/**
 * Whether React runs this element: hydration gave it its fiber *and committed it*. A fiber alone is
 * not enough: React attaches it while rendering, and a part of the page whose hydration then waits (a
 * lazy chunk still loading, a render cut in slices on a busy phone) is not committed; React drops an
 * event sent to it, and the shopper's choice would be lost. The test is React's own for an event's
 * target (`getNearestMountedFiber`): no fiber between it and the root still placed or hydrating.
 */
function hydrated(element: Element): boolean {
  const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
  if (!key) return false;
  const fiber = (element as unknown as Record<string, Fiber>)[key]!;
  let node = fiber;
  let nearestMounted: Fiber | null = fiber;
  // A fiber that has been committed and rendered again has an alternate; one that has not may still be placed or hydrating.
  for (let next: Fiber | null = node; next && !next.alternate; next = next.return) {
    node = next;
    if (node.flags & NOT_COMMITTED) nearestMounted = node.return;
  }
  while (node.return) node = node.return;
  return node.tag === HOST_ROOT && nearestMounted === fiber;
}

/**
 * Replays one element. A field keeps what the shopper set, but hydration took the DOM's state as
 * React's own (its value tracker) and any render since may have put React's back, so no change would
 * reach the page's state. The property is set, through React's tracked setter, to the opposite
 * (a checkbox; a radio: unchecked) or the server's value (a text field), then the shopper's state
 * given again by a click or an input event: React's `onChange` fires. A radio chosen is always
 * replayed (another of its group may have been chosen before it); a checkbox or text field only
 * when the shopper left it other than the server wrote it.
 */
function replay({ e: element, v: chosen, s: served }: EarlyInteraction): void {
  if (element instanceof HTMLInputElement) {
    if (typeof chosen === 'boolean') {
      if (element.type === 'radio' ? !chosen : chosen === served) return;
      element.checked = !chosen;
      element.click();
    } else if (typeof chosen === 'string' && chosen !== served) {
      element.value = String(served ?? '');
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, chosen);
      element.dispatchEvent(new Event('input', { bubbles: true }));
    }
    return;
  }
  if (element instanceof HTMLSelectElement) {
    // React reads a select's value when its change event comes (no tracker): the shopper's option again, then the event.
    if (typeof chosen === 'string' && chosen !== served) {
      element.value = chosen;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    }
    return;
  }
  if (element instanceof HTMLElement) element.click();
}
