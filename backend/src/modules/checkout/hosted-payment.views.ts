import { translateMessage } from '../../shared/messages/messages';
import { formatMoneyIn } from '../cart/cart-totals';
import type { PaymentDecision } from './hosted-payment.queries';
import type { OrderRow } from './order.queries';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The provider's words, in the backend's catalogues (ADR 018) so its page speaks the language of
 * the `locale` it is sent to (the store view's, `hostedPaymentUrlOf`).
 */
export const HOSTED_PAGE_NOTE = '%1 (simulated provider: no money moves).';
export const HOSTED_PAGE_DUE = 'Order #%1 — amount due %2.';
export const HOSTED_PAGE_APPROVE = 'Approve payment';
export const HOSTED_PAGE_DECLINE = 'Decline payment';
export const HOSTED_PAGE_CANCEL = 'Cancel and return to the shop';
export const HOSTED_PAGE_UNKNOWN_LINK = 'This payment link is unknown or has expired.';
export const HOSTED_PAGE_UNKNOWN_DECISION = 'Unknown payment or decision.';
const HOSTED_PAGE_DONE: Record<PaymentDecision, string> = {
  approved: 'This payment is already approved.',
  declined: 'This payment is already declined.',
  cancelled: 'This payment is already cancelled.',
};

/** A message in `locale` as HTML: its words escaped, its `%1`, `%2`… filled with `html` values (already HTML). */
function htmlIn(locale: string, template: string, ...html: string[]): string {
  return escapeHtml(translateMessage(locale, template)).replace(/%(\d)/g, (_, n: string) => html[Number(n) - 1] ?? '');
}

/**
 * The provider's own icon (a card), inline: the browser asks every page for one, and a page that
 * names none gets `/favicon.ico` asked for and answered 404, a failure in the console.
 */
export const HOSTED_PAGE_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect x='2' y='7' width='28' height='18' rx='3' fill='%23264b8c'/%3E%3Crect x='2' y='11' width='28' height='4' fill='%23fff'/%3E%3C/svg%3E";

const document = (locale: string, title: string, body: string) =>
  `<!doctype html><html lang="${escapeHtml(locale.replace('_', '-'))}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="${HOSTED_PAGE_ICON}">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem}</style>
</head><body><h1>LunettePay</h1>${body}</body></html>`;

/** The page of a payment session in `locale`: the amount as that locale writes the order's currency, and the three decisions. */
export function hostedPage(order: OrderRow, status: PaymentDecision | 'pending', locale: string, token: string): string {
  const title = order.payment.title;
  const amount = formatMoneyIn({ locale, currency: order.currency }, order.totals.grand_total);
  const action = `/hosted-payment/${encodeURIComponent(token)}?${new URLSearchParams({ locale })}`;
  const body =
    status === 'pending'
      ? `<p>${htmlIn(locale, HOSTED_PAGE_DUE, `<strong>${escapeHtml(order.number)}</strong>`, `<strong>${escapeHtml(amount)}</strong>`)}</p>
       <form method="post" action="${escapeHtml(action)}">
         <button name="decision" value="approved" type="submit">${htmlIn(locale, HOSTED_PAGE_APPROVE)}</button>
         <button name="decision" value="declined" type="submit">${htmlIn(locale, HOSTED_PAGE_DECLINE)}</button>
         <button name="decision" value="cancelled" type="submit">${htmlIn(locale, HOSTED_PAGE_CANCEL)}</button>
       </form>`
      : `<p>${htmlIn(locale, HOSTED_PAGE_DONE[status])}</p>`;
  return document(locale, `${title} — LunettePay`, `<p>${htmlIn(locale, HOSTED_PAGE_NOTE, escapeHtml(title))}</p>${body}`);
}

/** The provider's answer to a link or a decision it does not know, in `locale`. */
export const unknownPaymentPage = (locale: string, message: typeof HOSTED_PAGE_UNKNOWN_LINK | typeof HOSTED_PAGE_UNKNOWN_DECISION) =>
  document(locale, 'LunettePay', `<p>${htmlIn(locale, message)}</p>`);
