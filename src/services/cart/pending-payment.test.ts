import { describe, expect, it } from 'vitest';
import { createBrowserStorage } from '../storage/browser-storage';
import { clearPendingPayment, readPendingPayment, savePendingPayment } from './pending-payment';

function memoryStorage() {
  const map = new Map<string, string>();
  return createBrowserStorage({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) });
}

describe('ADR 042: the pending payment kept in the browser', () => {
  it('the tab that went to pay came back (its sessionStorage marks it); another tab of the store view did not; another store view has none', () => {
    const shared = memoryStorage();
    const [payingTab, otherTab] = [memoryStorage(), memoryStorage()];
    savePendingPayment(shared, payingTab, 'ca', { cartId: 'cart-1', orderNumber: '000000007' });
    expect(readPendingPayment(shared, payingTab, 'ca', '/ca/checkout')).toEqual({ cartId: 'cart-1', orderNumber: '000000007', cameBack: true });
    expect(readPendingPayment(shared, otherTab, 'ca', '/ca/cart')).toEqual({ cartId: 'cart-1', orderNumber: '000000007', cameBack: false });
    expect(readPendingPayment(shared, payingTab, 'fr', '/fr/checkout')).toBeNull();
    clearPendingPayment(shared, payingTab, 'ca');
    expect(readPendingPayment(shared, payingTab, 'ca', '/ca/checkout')).toBeNull();
  });

  it("on the provider's return page there is none (its verification settles the order) and the record is forgotten", () => {
    const [shared, tab] = [memoryStorage(), memoryStorage()];
    savePendingPayment(shared, tab, 'ca', { cartId: 'cart-1', orderNumber: '000000007' });
    expect(readPendingPayment(shared, tab, 'ca', '/ca/ayden/action/return.html')).toBeNull();
    expect(readPendingPayment(shared, tab, 'ca', '/ca/checkout')).toBeNull();
    savePendingPayment(shared, tab, 'ca', { cartId: 'cart-1', orderNumber: '000000008' });
    expect(readPendingPayment(shared, tab, 'ca', '/ca/paypal/action/return.html')).toBeNull();
  });

  it('a record of another shape is ignored', () => {
    const [shared, tab] = [memoryStorage(), memoryStorage()];
    shared.setItem('pendingPayment_ca', { cartId: '', orderNumber: 7 });
    expect(readPendingPayment(shared, tab, 'ca', '/ca/checkout')).toBeNull();
  });
});
