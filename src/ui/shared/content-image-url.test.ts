// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { makeContentImageResponsive } from './image-url';

const ORIGIN = 'https://shop.test';

function image(html: string): HTMLImageElement {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box.querySelector('img')!;
}

describe('makeContentImageResponsive', () => {
  it('spec §9: a CMS media image gets a srcset over the spec widths at its own ratio, sizes, and loads lazily unless first', () => {
    const img = image('<img src="/media/catalog/category/women.png" alt="" loading="lazy" width="320" height="400">');
    makeContentImageResponsive(img, { first: false, sizes: '46vw', origin: ORIGIN });
    expect(img.getAttribute('src')).toBe('/media/catalog/category/women.png?auto=webp&format=png&width=320&height=400&fit=cover');
    const widths = img
      .getAttribute('srcset')!
      .split(', ')
      .map((candidate) => candidate.split(' ')[1]);
    expect(widths).toEqual(['160w', '320w', '640w', '960w', '1280w', '1600w']);
    expect(img.getAttribute('srcset')).toContain('/media/catalog/category/women.png?auto=webp&format=png&width=640&height=800&fit=cover 640w');
    expect(img.getAttribute('sizes')).toBe('46vw');
    expect(img.getAttribute('loading')).toBe('lazy');

    const first = image('<img src="https://shop.test/media/wysiwyg/hero.jpg" width="1200" height="600">');
    makeContentImageResponsive(first, { first: true, origin: ORIGIN });
    expect(first.getAttribute('src')).toBe('/media/wysiwyg/hero.jpg?auto=webp&format=pjpg&width=1280&height=640&fit=cover');
    expect(first.getAttribute('sizes')).toBe('(max-width: 1200px) 100vw, 1200px');
    expect(first.getAttribute('loading')).toBe('eager');
  });

  it('leaves images it cannot resize as they are: no declared size, not Magento media, a data URL', () => {
    for (const html of [
      '<img src="/media/a.png">',
      '<img src="https://cdn.example/b.png" width="10" height="10">',
      '<img src="data:image/png;base64,AAAA" width="1" height="1">',
    ]) {
      const img = image(html);
      const before = img.outerHTML;
      makeContentImageResponsive(img, { first: false, origin: ORIGIN });
      expect(img.outerHTML).toBe(before);
    }
  });
});
