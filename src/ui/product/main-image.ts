import { imagesFor } from './configurable-selection';
import type { ProductDetail } from './product-page.operations';

/** How wide the product page's large image is drawn (spec §9 breakpoints). */
export const MAIN_IMAGE_SIZES = '(min-width: 1440px) 760px, (min-width: 960px) 55vw, 100vw';

/** The image the product page shows large before any option is chosen (its LCP element), or null. */
export function mainImageUrlOf(product: ProductDetail): string | null {
  return imagesFor(product, {})[0]?.url ?? null;
}
