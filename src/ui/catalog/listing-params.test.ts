import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  INITIAL_PAGE,
  listingSearchParams,
  PAGE_SIZE,
  parseListingParams,
  productFilterInput,
  productSortInput,
  toggleFilter,
  withPage,
  withSort,
} from './listing-params';
import { pageWindow } from './pagination';

const parse = (query: string) => parseListingParams(new URLSearchParams(query));

describe('listing state in the URL (spec §2 category page, §3 Catalog, §9)', () => {
  it('spec §9: catalog page size 6 and initial page 1', () => {
    expect(PAGE_SIZE).toBe(6);
    expect(INITIAL_PAGE).toBe(1);
    expect(parse('').page).toBe(1);
  });

  it('spec §2: filters, sort and page are read from the URL', () => {
    expect(parse('frame_shape=301,302&price=100_200&sort=price_ASC&page=2')).toEqual({
      page: 2,
      sort: { field: 'price', direction: 'ASC' },
      filters: { frame_shape: ['301', '302'], price: ['100_200'] },
    });
  });

  it('ignores malformed values instead of sending them to the backend', () => {
    expect(parse('page=0&sort=price_UP&price=cheap&frame_shape=<script>&unknown=1')).toEqual({ page: 1, sort: null, filters: {} });
    expect(parse('page=-2').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
  });

  it('only reads the filters the page offers', () => {
    expect(parseListingParams(new URLSearchParams('category_uid=Mw==&color=50'), ['color']).filters).toEqual({ color: ['50'] });
  });

  it('writes the state back, keeping other parameters such as the search query', () => {
    const params = withPage(toggleFilter(parse(''), 'frame_shape', '301'), 3);
    expect(listingSearchParams(withSort(params, { field: 'name', direction: 'DESC' }), new URLSearchParams('query=round')).toString()).toBe(
      'query=round&frame_shape=301&sort=name_DESC',
    );
    expect(listingSearchParams(params).toString()).toBe('frame_shape=301&page=3');
  });

  it('a change of filters or sort goes back to the first page', () => {
    const onPage3 = parse('page=3');
    expect(toggleFilter(onPage3, 'color', '50').page).toBe(1);
    expect(withSort(onPage3, { field: 'price', direction: 'ASC' }).page).toBe(1);
    expect(clearFilters(parse('color=50&page=2'))).toEqual({ page: 1, sort: null, filters: {} });
  });

  it('several values of an attribute add up; a range holds one bucket', () => {
    let params = toggleFilter(parse(''), 'color', '50');
    params = toggleFilter(params, 'color', '51');
    expect(params.filters.color).toEqual(['50', '51']);
    expect(toggleFilter(params, 'color', '50').filters.color).toEqual(['51']);
    params = toggleFilter(toggleFilter(params, 'price', '100_200'), 'price', '200_300');
    expect(params.filters.price).toEqual(['200_300']);
    expect(toggleFilter(params, 'price', '200_300').filters.price).toBeUndefined();
  });

  it('builds Magento filter and sort inputs: `in` for attributes, from/to for ranges', () => {
    const params = parse('frame_shape=301,302&price=100_200&lens_width=44_&sort=price_DESC');
    expect(productFilterInput(params, { category_uid: { eq: 'Mw==' } })).toEqual({
      category_uid: { eq: 'Mw==' },
      frame_shape: { in: ['301', '302'] },
      price: { from: '100', to: '200' },
      lens_width: { from: '44' },
    });
    expect(productSortInput(params.sort)).toEqual({ price: 'DESC' });
    expect(productSortInput(null)).toBeUndefined();
  });
});

describe('pagination window', () => {
  it('shows the first, the last and the neighbours of the current page, with gaps', () => {
    expect(pageWindow(1, 6)).toEqual([1, 2, 3, 4, null, 6]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 7, 8, 9, 10]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });
});
