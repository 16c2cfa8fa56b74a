import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CATALOG_PAGE_SIZE, catalogMachine, mergeCategory, selectCategory, selectCurrentPage, selectPageSize, selectPrevPageTotal, type CategoryNode } from './catalog.machine';

const ROOT: CategoryNode = {
  uid: 'Mg==',
  name: 'Default',
  children: [
    { uid: 'NQ==', name: 'Sunglasses', position: 2 },
    { uid: 'Mw==', name: 'Eyeglasses', position: 1 },
    { uid: 'NA==', name: 'Contacts', position: 1 },
  ],
};

describe('catalog machine', () => {
  it('spec §4 Other: children are sorted by position then uid and kept as uids with their parent', () => {
    const categories = mergeCategory({}, ROOT);
    expect(categories['Mg==']?.children).toEqual(['Mw==', 'NA==', 'NQ==']);
    expect(categories['Mg==']?.children_count).toBe(3);
    expect(categories['NA==']).toMatchObject({ parentId: 'Mg==', children: null, position: 1 });
  });

  it('spec §4 Other: children are merged only once', () => {
    const once = mergeCategory({}, ROOT);
    const twice = mergeCategory(once, { ...ROOT, children: [{ uid: 'Ng==', position: 0 }] });
    expect(twice).toBe(once);
    expect(twice['Mg==']?.children).toEqual(['Mw==', 'NA==', 'NQ==']);
  });

  it('spec §4 Other: a child merged later keeps its place in the tree', () => {
    const categories = mergeCategory(mergeCategory({}, ROOT), { uid: 'Mw==', name: 'Eyeglasses', children: [{ uid: 'Nw==', position: 3 }] });
    expect(categories['Mw==']).toMatchObject({ parentId: 'Mg==', children: ['Nw=='] });
    expect(categories['Nw==']?.parentId).toBe('Mw==');
  });

  it('spec §3/§9: current page defaults to 1, page size 6; actions set the current page and previous page total', () => {
    const actor = createActor(catalogMachine).start();
    expect([selectCurrentPage(actor.getSnapshot()), selectPageSize(actor.getSnapshot()), CATALOG_PAGE_SIZE]).toEqual([1, 6, 6]);
    actor.send({ type: 'catalog.currentPage.set', page: 3 });
    actor.send({ type: 'catalog.currentPage.set', page: 0 });
    actor.send({ type: 'catalog.prevPageTotal.set', total: 4 });
    expect([selectCurrentPage(actor.getSnapshot()), selectPrevPageTotal(actor.getSnapshot())]).toEqual([3, 4]);
    actor.send({ type: 'catalog.categories.receive', category: ROOT });
    expect(selectCategory('Mg==')(actor.getSnapshot())?.children).toHaveLength(3);
  });
});
