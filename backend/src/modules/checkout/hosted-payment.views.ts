import type { PaymentDecision } from './hosted-payment.queries';
import type { OrderRow } from './order.queries';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function hostedPage(order: OrderRow, method: PaymentDecision | 'pending', title: string, token: string): string {
  const amount = `${order.totals.grand_total.toFixed(2)} ${order.currency}`;
  const body =
    method === 'pending'
      ? `<p>Order <strong>#${escapeHtml(order.number)}</strong> — amount due <strong>${escapeHtml(amount)}</strong>.</p>
       <form method="post" action="/hosted-payment/${escapeHtml(token)}">
         <button name="decision" value="approved" type="submit">Approve payment</button>
         <button name="decision" value="declined" type="submit">Decline</button>
         <button name="decision" value="cancelled" type="submit">Cancel and return to the shop</button>
       </form>`
      : `<p>This payment is already ${escapeHtml(method)}.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — LunettePay</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem}</style>
</head><body><h1>LunettePay</h1><p>${escapeHtml(title)} (simulated provider: no money moves).</p>${body}</body></html>`;
}
