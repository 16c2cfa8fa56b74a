import { describe, expect, it } from 'vitest';
import { facadeOf, withoutFacadeImports } from './vite-facade-chunks.ts';

describe('re-export facade chunks made imports of the chunk they re-export from (requests before ready)', () => {
  it('knows a facade: one export-from and nothing else', () => {
    expect(facadeOf('export{d as CategoryPage}from"./catalog-CUb7LsXk.js";')).toEqual({
      target: 'catalog-CUb7LsXk.js',
      bindings: [['CategoryPage', 'd']],
    });
    expect(facadeOf('export{v as GET_CATEGORY,y as categoryPath}from"./catalog-CUb7LsXk.js";\n')?.bindings).toEqual([
      ['GET_CATEGORY', 'v'],
      ['categoryPath', 'y'],
    ]);
    expect(facadeOf('import{T as e}from"./framework.js";function t(){return e()}export{t};')).toBeNull();
    expect(facadeOf('var e=1;export{e as t};')).toBeNull();
  });

  it("rewrites each dynamic import of a facade and Vite's preload lists; other imports stay", () => {
    const facades = new Map([['category-page-rrjUFx9A.js', { target: 'catalog-CUb7LsXk.js', bindings: [['CategoryPage', 'd']] as [string, string][] }]]);
    const code =
      'm.f=["assets/category-page-rrjUFx9A.js","assets/framework.js"];' +
      'let{CategoryPage:e}=await import(`./category-page-rrjUFx9A.js`);import(`./cart-page-kqID8FNn.js`);';
    const out = withoutFacadeImports(code, facades);
    expect(out).toContain('await import(`./catalog-CUb7LsXk.js`).then(m=>({"CategoryPage":m.d}))');
    expect(out).toContain('m.f=["assets/catalog-CUb7LsXk.js","assets/framework.js"]');
    expect(out).toContain('import(`./cart-page-kqID8FNn.js`)');
    expect(out).not.toContain('category-page-rrjUFx9A');
  });
});
