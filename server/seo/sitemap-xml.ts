/**
 * The XML of robots.txt's sitemaps (sitemaps.org protocol 0.9): an index of the store views'
 * sitemaps, and a view's `<urlset>` with each URL's hreflang alternates (`xhtml:link`, as Google
 * reads them), the same alternates the page's own head names (src/services/seo).
 */
import { escapeHtml } from '../../src/services/seo/render-page-head';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapEntry {
  loc: string;
  alternates: readonly { hreflang: string; href: string }[];
}

/** `<sitemapindex>` of absolute sitemap URLs. */
export function sitemapIndexXml(sitemaps: readonly string[]): string {
  return [
    XML_DECLARATION,
    `<sitemapindex xmlns="${SITEMAP_NS}">`,
    ...sitemaps.map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** `<urlset>` of absolute page URLs, each with its alternates. */
export function urlSetXml(entries: readonly SitemapEntry[]): string {
  return [
    XML_DECLARATION,
    `<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...entries.map((entry) =>
      [
        `  <url><loc>${escapeHtml(entry.loc)}</loc>`,
        ...entry.alternates.map((a) => `    <xhtml:link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}"/>`),
        '  </url>',
      ].join('\n'),
    ),
    '</urlset>',
    '',
  ].join('\n');
}
