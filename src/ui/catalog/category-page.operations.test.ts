import { describe, expect, it } from 'vitest';
import { ancestorCrumbs } from './category-page.operations';

describe('ancestorCrumbs', () => {
  it('spec §2 category page breadcrumbs: the ancestors top level first, each linked with the category’s suffix', () => {
    const crumbs = ancestorCrumbs({
      url_suffix: '.htm',
      breadcrumbs: [
        { category_uid: 'NA==', category_name: 'Women', category_url_path: 'eyeglasses/women', category_level: 3 },
        null,
        { category_uid: 'Mw==', category_name: 'Eyeglasses', category_url_path: 'eyeglasses', category_level: 2 },
      ],
    });
    expect(crumbs).toEqual([
      { label: 'Eyeglasses', to: '/eyeglasses.htm' },
      { label: 'Women', to: '/eyeglasses/women.htm' },
    ]);
  });

  it('a top-level category has no ancestors', () => {
    expect(ancestorCrumbs({ url_suffix: '.html', breadcrumbs: null })).toEqual([]);
  });
});
