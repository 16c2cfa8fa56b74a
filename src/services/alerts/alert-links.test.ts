import { describe, expect, it } from 'vitest';
import { alertSubscribePath, alertSubscribeRequestOf, alertTypeOf, productAlertUnsubscribeInputOf, unsubscribeByIdInputOf } from './alert-links';

describe('product-alert links (spec §2 /stock, /price, /productalert/unsubscribe, /unsubscribe)', () => {
  it('spec §2 /stock and /price: ?product names the SKU to watch, ?parent the frame to link back to', () => {
    expect(alertSubscribeRequestOf('?product=LN1002-TRT-S&parent=LN1002')).toEqual({ sku: 'LN1002-TRT-S', parentSku: 'LN1002' });
    expect(alertSubscribeRequestOf('product=%20LN1005%20')).toEqual({ sku: 'LN1005', parentSku: null });
    // A parent equal to the product is no parent.
    expect(alertSubscribeRequestOf('product=LN1005&parent=LN1005')).toEqual({ sku: 'LN1005', parentSku: null });
  });

  it('spec §2 /stock: a link without a usable product is refused before anything is sent', () => {
    expect(alertSubscribeRequestOf('')).toBeNull();
    expect(alertSubscribeRequestOf('product=')).toBeNull();
    expect(alertSubscribeRequestOf('product=%20%20')).toBeNull();
    expect(alertSubscribeRequestOf(`product=${'X'.repeat(65)}`)).toBeNull();
  });

  it('builds the /stock and /price paths the "Notify me" controls link to (round trip)', () => {
    expect(alertSubscribePath('STOCK', 'LN1002-TRT-S', 'LN1002')).toBe('/stock?product=LN1002-TRT-S&parent=LN1002');
    expect(alertSubscribePath('PRICE', 'LN1005')).toBe('/price?product=LN1005');
    const path = alertSubscribePath('STOCK', 'A&B 1', null);
    expect(alertSubscribeRequestOf(path.slice(path.indexOf('?')))).toEqual({ sku: 'A&B 1', parentSku: null });
  });

  it('reads the alert type case-insensitively and refuses anything but stock and price', () => {
    expect(alertTypeOf('stock')).toBe('STOCK');
    expect(alertTypeOf('PRICE')).toBe('PRICE');
    expect(alertTypeOf('email')).toBeNull();
    expect(alertTypeOf(undefined)).toBeNull();
  });

  it('spec §2 /productalert/unsubscribe/...: product_id, type and hash make the unsubscribe input (both variants)', () => {
    const long = { action: 'stock', product: 'milo-round-tortoise-s', productId: '9', hash: 'b60aba2ce0b33739a5cb76a1c6e685d5', type: 'stock' };
    expect(productAlertUnsubscribeInputOf(long)).toEqual({ product_id: 9, type: 'STOCK', hash: 'b60aba2ce0b33739a5cb76a1c6e685d5' });
    const { product: _product, ...short } = long;
    expect(productAlertUnsubscribeInputOf({ ...short, type: 'price', action: 'price' })).toEqual({ product_id: 9, type: 'PRICE', hash: long.hash });
    // `action` stands in for a missing type.
    expect(productAlertUnsubscribeInputOf({ ...short, type: undefined })).toMatchObject({ type: 'STOCK' });
  });

  it('spec §2 /productalert/unsubscribe/...: a bad type, product id or hash is a bad link', () => {
    const good = { action: 'stock', productId: '9', hash: 'abc123', type: 'stock' };
    expect(productAlertUnsubscribeInputOf({ ...good, type: 'newsletter', action: 'newsletter' })).toBeNull();
    expect(productAlertUnsubscribeInputOf({ ...good, productId: 'nine' })).toBeNull();
    expect(productAlertUnsubscribeInputOf({ ...good, productId: '0' })).toBeNull();
    expect(productAlertUnsubscribeInputOf({ ...good, productId: '99999999999' })).toBeNull();
    expect(productAlertUnsubscribeInputOf({ ...good, hash: '' })).toBeNull();
    expect(productAlertUnsubscribeInputOf({ ...good, hash: 'a b' })).toBeNull();
  });

  it('spec §2 /unsubscribe/{id}/{code?}: the code is optional; without it only the signed-in owner may unsubscribe', () => {
    expect(unsubscribeByIdInputOf('12', 'abc123')).toEqual({ input: { id: 12, hash: 'abc123' }, needsSignIn: false });
    expect(unsubscribeByIdInputOf('12', undefined)).toEqual({ input: { id: 12 }, needsSignIn: true });
    expect(unsubscribeByIdInputOf('twelve', 'abc')).toBeNull();
    expect(unsubscribeByIdInputOf('12', 'not/a/code')).toBeNull();
  });
});
