import { describe, expect, it } from 'vitest';
import { menuCategories } from './category-order';

describe('category order', () => {
  it('spec §4 Other: children are sorted by position then uid; those out of the menu are left out', () => {
    const children = [
      { uid: 'NQ==', position: 2 },
      { uid: 'NA==', position: 1 },
      null,
      { uid: 'Mw==', position: 1 },
      { uid: 'Ng==', position: 0, include_in_menu: 0 },
      { uid: 'Nw==', position: null },
    ];
    expect(menuCategories(children).map((c) => c.uid)).toEqual(['Nw==', 'Mw==', 'NA==', 'NQ==']);
    expect(menuCategories(null)).toEqual([]);
  });
});
