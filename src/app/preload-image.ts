import { DEFAULT_IMAGE_RATIO, imageSrcSet, resizedImageUrl } from '../ui/shared/image-url';

/**
 * Starts the download of a page's largest image (its LCP element) as soon as its URL is known,
 * before the page's code has rendered the `<img>`: the same `srcset` and `sizes`, so the browser
 * picks the same file the image then uses, at high priority (spec §9: the first image is eager).
 */
export function preloadCatalogImage(doc: Document, src: string, sizes: string, ratio: number = DEFAULT_IMAGE_RATIO): void {
  const href = resizedImageUrl(src, { width: 640, ratio });
  const known = [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].some((link) => link.getAttribute('href') === href);
  if (known) return;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('imagesrcset', imageSrcSet(src, { ratio }));
  link.setAttribute('imagesizes', sizes);
  link.setAttribute('fetchpriority', 'high');
  link.href = href;
  doc.head.append(link);
}
