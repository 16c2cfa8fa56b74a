import { describe, expect, it } from 'vitest';
import { lineAsItemToAdd, lensValueUids } from './cart-line';
import { auroraLine } from './cart-story-data';

const lens = [
  { customizable_option_uid: 'Y3VzdG9tLW9wdGlvbi8x', label: 'Lens usage', values: [{ customizable_option_value_uid: 'Y3VzdG9tLW9wdGlvbi8xLzQ=', label: 'Non-prescription', value: '4' }] },
  { customizable_option_uid: 'Y3VzdG9tLW9wdGlvbi8z', label: 'Lens coatings', values: [{ customizable_option_value_uid: 'Y3VzdG9tLW9wdGlvbi8zLzEw', label: 'Anti-reflective', value: '10' }, null] },
];

describe('cart line re-add', () => {
  it('spec §4 Cart: a guest re-adding a line after recovery keeps its colour, size and lens choices', () => {
    expect(lineAsItemToAdd(auroraLine, 3, lens)).toEqual({
      sku: 'LN1001',
      quantity: 3,
      selectedOptions: ['Y29uZmlndXJhYmxlLzkzLzUw', 'Y29uZmlndXJhYmxlLzE0NC8xNzI=', 'Y3VzdG9tLW9wdGlvbi8xLzQ=', 'Y3VzdG9tLW9wdGlvbi8zLzEw'],
    });
  });

  it('a plain line is re-added by its sku alone', () => {
    expect(lineAsItemToAdd({ ...auroraLine, configurable_options: null }, 1, [])).toEqual({ sku: 'LN1001', quantity: 1 });
    expect(lensValueUids([])).toEqual([]);
  });
});
