/**
 * The return of a hosted payment (spec §2 `/ayden/action/return.html` for cards, `/paypal/action/return.html`
 * for the wallet): the provider sends the shopper back with `payment_token`, `result`, `order_number`
 * and `signature`. Nothing in the URL is trusted: the result is only believed once the backend has
 * verified the signature (`lunetteVerifyPaymentReturn`). This module reads the query and says where
 * each verified outcome leads.
 */
export type PaymentDecision = 'approved' | 'declined' | 'cancelled';

import type { PaymentReturnInput, VerifiedPayment } from '../../machines/checkout/checkout.types';

export type { PaymentReturnInput, VerifiedPayment };

export type PaymentReturn =
  /** Everything needed to ask the backend. */
  | { kind: 'verify'; input: PaymentReturnInput; orderNumber: string | null }
  /** The provider says it is still working on it: nothing to verify yet. */
  | { kind: 'pending'; orderNumber: string | null }
  /** Parts are missing: the URL was cut or typed by hand. */
  | { kind: 'incomplete' };

/** Spec §2: the provider's return pages (card, wallet), under any store code. */
export const isProviderReturnPath = (pathname: string) => /\/(ayden|paypal)\/action\/return\.html$/.test(pathname);

/** Order numbers are Magento increment ids: digits, sometimes a store prefix. */
const ORDER_NUMBER_PATTERN = /^[A-Za-z0-9-]{1,32}$/;

export function orderNumberOf(value: string | null | undefined): string | null {
  return value && ORDER_NUMBER_PATTERN.test(value) ? value : null;
}

export function paymentReturnOf(search: string | URLSearchParams): PaymentReturn {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const token = params.get('payment_token')?.trim() ?? '';
  const result = params.get('result')?.trim().toLowerCase() ?? '';
  const signature = params.get('signature')?.trim() ?? '';
  const orderNumber = orderNumberOf(params.get('order_number'));
  if (result === 'pending' && !signature) return { kind: 'pending', orderNumber };
  if (!token || !result || !signature) return { kind: 'incomplete' };
  return { kind: 'verify', input: { payment_token: token, result, signature }, orderNumber };
}

/** The outcome page of spec §2 for a verified payment (paths inside the store's base path). */
export function outcomePathOf(payment: Pick<VerifiedPayment, 'result' | 'order_number'>): string {
  const order = encodeURIComponent(payment.order_number);
  switch (payment.result) {
    case 'APPROVED':
      return `/success?order=${order}`;
    case 'DECLINED':
      return `/paymentfail?order=${order}`;
    case 'CANCELLED':
      return `/payment-result?status=cancelled&order=${order}`;
  }
}

/** What /payment-result explains: a cancelled payment, one still pending, or an outcome nobody knows yet. */
export type PaymentResultStatus = 'cancelled' | 'pending' | 'unknown';

export function paymentResultStatusOf(search: string | URLSearchParams): PaymentResultStatus {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const status = params.get('status')?.trim().toLowerCase();
  if (status === 'cancelled' || status === 'canceled') return 'cancelled';
  if (status === 'pending') return 'pending';
  return 'unknown';
}
