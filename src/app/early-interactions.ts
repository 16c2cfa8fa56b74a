/**
 * What a shopper does on a server page before its code runs (issue 12, ADR 033). A server page asks
 * for its scripts once its LCP picture is painted, so it shows for a while before React hydrates it.
 * An inline script in the page (`earlyInteractionsCapture` in server/page-render.ts) records, in that
 * window, the controls of `#root` a shopper used: a button, `[role=button]` or `summary` clicked (its
 * click held back: a submit button does not submit natively), a radio or checkbox checked (the
 * browser checks it at once), a text field typed in. Links are left alone: a real navigation to a
 * server page is fine. Once React runs the page, each one is replayed in order, so the shopper's
 * choice takes effect as if made after hydration.
 */

/** The window property the inline capture keeps its list in. */
export const EARLY_INTERACTIONS_KEY = '__shopEarlyInteractions';

/** The capture's list: the elements in the order used; `done` stops it. */
export interface EarlyInteractionList extends Array<Element> {
  done?: boolean;
}

type CaptureScope = Partial<Record<typeof EARLY_INTERACTIONS_KEY, EarlyInteractionList>>;

/** An element used, and what the shopper left it at when the capture stopped. */
interface Held {
  element: Element;
  /** A radio's or checkbox's checkedness, a text field's value, set by the shopper… */
  chosen: boolean | string | null;
  /** …and as the server wrote it (the `checked` / `value` attribute). */
  served: boolean | string | null;
}

let held: Held[] = [];

/**
 * Stops the capture and keeps what it recorded. Called right before `hydrateRoot`: from then on
 * React sees the page's events itself (it hydrates the part clicked first), so a click recorded
 * after it would be handled twice.
 */
export function stopEarlyInteractions(scope: CaptureScope = window as CaptureScope): void {
  const list = scope[EARLY_INTERACTIONS_KEY];
  if (!list || list.done) return;
  list.done = true;
  const seen = new Set<Element>();
  for (const element of list.splice(0)) {
    const field = element instanceof HTMLInputElement;
    // A field's last state is what counts (a radio checked, then another of its group); a button's every click.
    if (field && seen.has(element)) continue;
    seen.add(element);
    held.push({ element, chosen: field ? fieldState(element, 'current') : null, served: field ? fieldState(element, 'served') : null });
  }
}

function fieldState(input: HTMLInputElement, which: 'current' | 'served'): boolean | string {
  if (input.type === 'radio' || input.type === 'checkbox') return which === 'current' ? input.checked : input.defaultChecked;
  return which === 'current' ? input.value : input.defaultValue;
}

export interface ReplayOptions {
  /** Waits a little before looking again whether React runs an element (default: 20 ms). */
  pause?: () => Promise<void>;
  /** How many pauses an element may wait for React before it is dropped (default: 250, 5 s). */
  maxPauses?: number;
}

/**
 * Replays what `stopEarlyInteractions` kept, once (the shop's first effect calls it). Each element
 * still in the page is replayed once React runs it (its part of the page hydrated), in order.
 */
export async function replayEarlyInteractions(options: ReplayOptions = {}): Promise<void> {
  const elements = held;
  held = [];
  const pause = options.pause ?? (() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
  const maxPauses = options.maxPauses ?? 250;
  for (const { element, chosen, served } of elements) {
    let pauses = 0;
    while (element.isConnected && !hydrated(element) && pauses < maxPauses) {
      await pause();
      pauses += 1;
    }
    if (element.isConnected && hydrated(element)) replay(element, chosen, served);
  }
}

/** Whether React runs this element (hydration gave it its fiber). */
function hydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

/**
 * Replays one element. A radio, checkbox or text field the shopper changed from what the server
 * wrote is given the shopper's state again, in a way React sees as a change: hydration took the DOM's
 * state as its own (its value tracker), and any render since may have put its own back. The property
 * is first set, through React's tracked setter, to the opposite (a checkbox, a radio: unchecked) or
 * the server's value (a field), then the shopper's state given as a click or an input event.
 */
function replay(element: Element, chosen: boolean | string | null, served: boolean | string | null): void {
  if (element instanceof HTMLInputElement) {
    if (chosen === served) return;
    if (typeof chosen === 'boolean') {
      if (element.type === 'radio' && !chosen) return; // another of its group was chosen
      element.checked = !chosen;
      element.click();
    } else if (typeof chosen === 'string') {
      element.value = String(served);
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, chosen);
      element.dispatchEvent(new Event('input', { bubbles: true }));
    }
    return;
  }
  if (element instanceof HTMLElement) element.click();
}
