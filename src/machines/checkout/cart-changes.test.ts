/** ADR 039: what changed in the cart since the review, line by line and in total. */
import { describe, expect, it } from 'vitest';
import { cartChangesOf, namesChanges, reviewedCartOf, type ReviewedCart, type ReviewedLine } from './cart-changes';

const line = (uid: string, sku: string, quantity: number, options = ''): ReviewedLine => ({ uid, sku, name: sku, quantity, options });
const cart = (lines: ReviewedLine[], total: number | null, currency = 'CAD'): ReviewedCart => ({
  digest: null,
  lines,
  grandTotal: total === null ? null : { currency, value: total },
});

describe('ADR 039: cartChangesOf', () => {
  it('a line edited to the same options (removed and added again, spec §4 "Update item") is no change', () => {
    const changes = cartChangesOf(cart([line('1', 'AURORA', 1, 'Colour=Black')], 100), cart([line('7', 'AURORA', 1, 'Colour=Black')], 100));
    expect(namesChanges(changes)).toBe(false);
  });

  it('two lines of the same frame: the one whose options stayed is matched first, the other changed its options', () => {
    const before = cart([line('1', 'AURORA', 1, 'Colour=Black'), line('2', 'AURORA', 1, 'Colour=Red')], 200);
    const after = cart([line('3', 'AURORA', 1, 'Colour=Blue'), line('4', 'AURORA', 1, 'Colour=Black')], 200);
    expect(cartChangesOf(before, after)).toEqual({ added: [], removed: [], quantities: [], options: [{ name: 'AURORA' }], total: null });
  });

  it('a frame swapped for another is one removed and one added; the total in another currency is a change', () => {
    const changes = cartChangesOf(cart([line('1', 'AURORA', 1)], 100, 'CAD'), cart([line('2', 'MILO', 2)], 100, 'USD'));
    expect(changes).toEqual({
      added: [{ name: 'MILO', quantity: 2 }],
      removed: [{ name: 'AURORA', quantity: 1 }],
      quantities: [],
      options: [],
      total: { from: { currency: 'CAD', value: 100 }, to: { currency: 'USD', value: 100 } },
    });
  });

  it('a total not known on either side is not named', () => {
    expect(cartChangesOf(cart([], null), cart([], 5)).total).toBeNull();
  });
});

describe('ADR 039: reviewedCartOf', () => {
  it('keeps each line, its options (colour, lenses, typed prescription) and the grand total', () => {
    expect(
      reviewedCartOf({
        id: 'c',
        lunette_review_digest: 'd',
        prices: { grand_total: { currency: 'EUR', value: 12.5 } },
        items: [
          null,
          {
            uid: '1',
            quantity: 2,
            product: { uid: 'p', name: 'Aurora', sku: 'AURORA' },
            configurable_options: [
              {
                id: 1,
                configurable_product_option_uid: 'o',
                option_label: 'Colour',
                configurable_product_option_value_uid: 'v',
                value_label: 'Black',
                value_id: 2,
              },
            ],
            customizable_options: [
              null,
              { customizable_option_uid: 'rx', label: 'Prescription', values: [{ customizable_option_value_uid: 'rx', label: '', value: '{"sph":-1}' }] },
            ],
          },
        ],
      }),
    ).toEqual({
      digest: 'd',
      lines: [{ uid: '1', sku: 'AURORA', name: 'Aurora', quantity: 2, options: 'Colour=Black;Prescription={"sph":-1}' }],
      grandTotal: { currency: 'EUR', value: 12.5 },
    });
    expect(reviewedCartOf(null)).toBeNull();
  });
});
