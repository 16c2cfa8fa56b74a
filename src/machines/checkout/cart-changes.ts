/**
 * What changed in the cart since the shopper reviewed it (ADR 039): the review keeps the cart it
 * showed when the order was placed (`ReviewedCart`: each line's product, quantity and options, the
 * grand total, the backend's review digest), and when the backend refused the order as changed, the
 * review names the difference with the cart as it is now (`cartChangesOf`). Pure: the checkout
 * machine calls it, the review's notice words it.
 */
import type { CartDetails, CartItem, Money } from '../cart/cart.types';

/** One line as the review showed it: `options` is its colour, size, lenses and prescription, as one comparable text. */
export interface ReviewedLine {
  uid: string;
  sku: string;
  name: string;
  quantity: number;
  options: string;
}

export interface ReviewedCart {
  /** The backend's digest of what the review showed (ADR 039); null when the cart's answer had none. */
  digest: string | null;
  lines: ReviewedLine[];
  grandTotal: Money | null;
}

export interface CartChanges {
  added: Array<{ name: string; quantity: number }>;
  removed: Array<{ name: string; quantity: number }>;
  quantities: Array<{ name: string; from: number; to: number }>;
  /** Lines of the same frame whose colour, size, lenses or prescription changed. */
  options: Array<{ name: string }>;
  /** The grand total before and after, when it changed. */
  total: { from: Money; to: Money } | null;
}

function optionsOf(line: CartItem): string {
  const configurable = (line.configurable_options ?? []).map((option) => `${option.option_label}=${option.value_label}`);
  const custom = (line.customizable_options ?? []).flatMap((option) =>
    option ? [`${option.label}=${(option.values ?? []).map((value) => value?.value ?? value?.label ?? '').join(',')}`] : [],
  );
  return [...configurable, ...custom].join(';');
}

/** The cart as the review shows it, from the cart machine's details; null without details. */
export function reviewedCartOf(details: CartDetails | null | undefined): ReviewedCart | null {
  if (!details) return null;
  const lines = (details.items ?? []).flatMap((item) =>
    item ? [{ uid: item.uid, sku: item.product.sku, name: item.product.name, quantity: item.quantity, options: optionsOf(item) }] : [],
  );
  const total = details.prices?.grand_total;
  return {
    digest: details.lunette_review_digest ?? null,
    lines,
    grandTotal: total && typeof total.value === 'number' ? { currency: total.currency, value: total.value } : null,
  };
}

/** Whether any change is named (an empty difference means the backend's digest saw what the summary does not, such as the shipping). */
export const namesChanges = (changes: CartChanges) =>
  changes.added.length + changes.removed.length + changes.quantities.length + changes.options.length > 0 || changes.total !== null;

/** Takes out of `lines` the first line `matches` accepts. */
function takeMatch(lines: ReviewedLine[], matches: (line: ReviewedLine) => boolean): ReviewedLine | null {
  const index = lines.findIndex(matches);
  return index < 0 ? null : (lines.splice(index, 1)[0] ?? null);
}

/** When a line now is a line reviewed: the same uid; the same frame with the same options; the same frame. */
const SAME_LINE: ReadonlyArray<(was: ReviewedLine, now: ReviewedLine) => boolean> = [
  (was, now) => was.uid === now.uid,
  (was, now) => was.sku === now.sku && was.options === now.options,
  (was, now) => was.sku === now.sku,
];

/**
 * The difference between the cart reviewed and the cart now. A line is the same line when it keeps
 * its uid, or (a line edited is removed and added again, spec §4 "Update item") when the same frame
 * comes back with the same options; the same frame with other options is a line whose options changed.
 */
export function cartChangesOf(before: ReviewedCart, after: ReviewedCart): CartChanges {
  const changes: CartChanges = { added: [], removed: [], quantities: [], options: [], total: null };
  const left = [...before.lines];
  const compare = (was: ReviewedLine, now: ReviewedLine) => {
    if (was.options !== now.options) changes.options.push({ name: now.name });
    if (was.quantity !== now.quantity) changes.quantities.push({ name: now.name, from: was.quantity, to: now.quantity });
  };
  // From the strictest match to the loosest: a line left unmatched by all three was added.
  let unmatched = after.lines;
  for (const same of SAME_LINE) {
    const next: ReviewedLine[] = [];
    for (const now of unmatched) {
      const was = takeMatch(left, (line) => same(line, now));
      if (was) compare(was, now);
      else next.push(now);
    }
    unmatched = next;
  }
  changes.added = unmatched.map((now) => ({ name: now.name, quantity: now.quantity }));
  changes.removed = left.map((line) => ({ name: line.name, quantity: line.quantity }));
  const from = before.grandTotal;
  const to = after.grandTotal;
  if (from && to && (from.value !== to.value || from.currency !== to.currency)) changes.total = { from, to };
  return changes;
}
