/**
 * The in-shop paths of catalog pages, as the app links them and the page heads and the sitemap
 * name them: one rule for both, so a link and its canonical URL cannot part.
 */

/** A category page's path (`/eyeglasses/women.html`); Magento's default suffix when the store names none. */
export const categoryPath = (c: { url_path: string | null; url_suffix?: string | null }) => `/${c.url_path ?? ''}${c.url_suffix ?? '.html'}`;

/** A product page's path (`/aurora-cat-eye.html`), its canonical URL under any category. */
export const productPath = (p: { url_key: string | null; url_suffix?: string | null }) => `/${p.url_key ?? ''}${p.url_suffix ?? '.html'}`;
