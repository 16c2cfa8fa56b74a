import { describe, expect, it } from 'vitest';
import { orderNumberOf, outcomePathOf, paymentResultStatusOf, paymentReturnOf } from './payment-return-params';

describe('hosted payment return (spec §2 /ayden/action/return.html, /paypal/action/return.html)', () => {
  it('spec §2: the signed result the provider returned with is what the backend is asked to verify', () => {
    const search = '?payment_token=tok123&result=Approved&order_number=000000042&signature=abcdef';
    expect(paymentReturnOf(search)).toEqual({
      kind: 'verify',
      input: { payment_token: 'tok123', result: 'approved', signature: 'abcdef' },
      orderNumber: '000000042',
    });
  });

  it('spec §2: a return with a part missing is incomplete and never sent', () => {
    expect(paymentReturnOf('')).toEqual({ kind: 'incomplete' });
    expect(paymentReturnOf('payment_token=tok&result=approved')).toEqual({ kind: 'incomplete' });
    expect(paymentReturnOf('result=approved&signature=abc')).toEqual({ kind: 'incomplete' });
  });

  it('spec §2 /payment-result: a provider still working on the payment is "pending", with nothing to verify', () => {
    expect(paymentReturnOf('result=pending&order_number=000000042')).toEqual({ kind: 'pending', orderNumber: '000000042' });
  });

  it('an odd order number in the URL is ignored, never shown', () => {
    expect(orderNumberOf('<script>')).toBeNull();
    expect(orderNumberOf('000000042')).toBe('000000042');
  });

  it('spec §2: approved leads to /success, declined to /paymentfail, cancelled to /payment-result', () => {
    expect(outcomePathOf({ result: 'APPROVED', order_number: '000000042' })).toBe('/success?order=000000042');
    expect(outcomePathOf({ result: 'DECLINED', order_number: '000000042' })).toBe('/paymentfail?order=000000042');
    expect(outcomePathOf({ result: 'CANCELLED', order_number: '000000042' })).toBe('/payment-result?status=cancelled&order=000000042');
  });

  it('spec §2 /payment-result explains cancelled, pending, and anything else as unknown', () => {
    expect(paymentResultStatusOf('status=cancelled')).toBe('cancelled');
    expect(paymentResultStatusOf('status=CANCELED')).toBe('cancelled');
    expect(paymentResultStatusOf('status=pending')).toBe('pending');
    expect(paymentResultStatusOf('status=whatever')).toBe('unknown');
    expect(paymentResultStatusOf('')).toBe('unknown');
  });
});
