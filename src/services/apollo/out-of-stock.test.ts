import { describe, expect, it } from 'vitest';
import { dropOutOfStockErrors, OUT_OF_STOCK_MESSAGES } from './out-of-stock';

const item = (uid: string) => ({ uid, quantity: 1 });

describe('dropOutOfStockErrors', () => {
  it.each(OUT_OF_STOCK_MESSAGES)('spec §8: "%s" is dropped and the affected cart item removed', (message) => {
    const result = {
      data: { cart: { id: 'c1', items: [item('a'), null, item('c')] } },
      errors: [{ message, path: ['cart', 'items', 1] }],
    };
    const cleaned = dropOutOfStockErrors(result);
    expect(cleaned.data.cart.items).toEqual([item('a'), item('c')]);
    expect('errors' in cleaned).toBe(false);
    // the original answer is not mutated (Apollo may hold it)
    expect(result.data.cart.items).toHaveLength(3);
  });

  it('spec §8: removes the item the error points at even when Magento returned it, and keeps other errors', () => {
    const cleaned = dropOutOfStockErrors({
      data: { updateCartItems: { cart: { items: [item('a'), item('b')] } } },
      errors: [{ message: 'The requested qty is not available', path: ['updateCartItems', 'cart', 'items', 0] }, { message: 'Something else' }],
    });
    expect(cleaned.data?.updateCartItems.cart.items).toEqual([item('b')]);
    expect(cleaned.errors).toEqual([{ message: 'Something else' }]);
  });

  it('leaves an answer without out-of-stock errors untouched', () => {
    const result = { data: { cart: { items: [item('a')] } }, errors: [{ message: 'Other', path: ['cart'] }] };
    expect(dropOutOfStockErrors(result)).toBe(result);
  });

  it('drops an out-of-stock error without a path, changing no data', () => {
    const cleaned = dropOutOfStockErrors({ data: { cart: { items: [item('a')] } }, errors: [{ message: 'Some of the products are out of stock.' }] });
    expect(cleaned).toEqual({ data: { cart: { items: [item('a')] } } });
  });
});
