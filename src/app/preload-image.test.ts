// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { imageSrcSet, resizedImageUrl } from '../ui/shared/image-url';
import { preloadCatalogImage } from './preload-image';

describe('preloadCatalogImage', () => {
  it('spec §9: preloads the eager image at high priority with the srcset and sizes its <img> uses, once', () => {
    document.head.innerHTML = '';
    const src = '/media/catalog/product/a/u/aurora-cat-eye-black-front.png';
    preloadCatalogImage(document, src, '100vw');
    preloadCatalogImage(document, src, '100vw');

    const links = document.head.querySelectorAll('link[rel="preload"]');
    expect(links).toHaveLength(1);
    const link = links[0]!;
    expect(link.getAttribute('as')).toBe('image');
    expect(link.getAttribute('href')).toBe(resizedImageUrl(src, { width: 640 }));
    expect(link.getAttribute('imagesrcset')).toBe(imageSrcSet(src));
    expect(link.getAttribute('imagesizes')).toBe('100vw');
    expect(link.getAttribute('fetchpriority')).toBe('high');
  });
});
