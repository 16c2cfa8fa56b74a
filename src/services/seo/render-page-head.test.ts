import { describe, expect, it } from 'vitest';
import { SEEDED_VIEWS } from './seo.fixtures';
import { productPageHead, type PageHead } from './page-head';
import { escapeHtml, jsonForScript, renderPageHead } from './render-page-head';

const HOSTILE = '</script><script>alert(1)</script>';

const head: PageHead = {
  title: 'Aurora "Cat-Eye" & <friends>',
  description: "It's light",
  canonical: 'https://shop.example/fr/aurora.html?a=1&b=2',
  alternates: [{ hreflang: 'x-default', href: 'https://shop.example/ca/aurora.html' }],
  robots: 'noindex, follow',
  openGraph: [{ property: 'og:title', content: '"><script>' }],
  jsonLd: [{ '@type': 'Product', name: HOSTILE }],
};

describe('SEO (ADR 014): rendering the page head', () => {
  it('writes title, description, robots, canonical, alternates, Open Graph and JSON-LD, each tag marked data-page-head', () => {
    expect(renderPageHead(head).split('\n')).toEqual([
      '<title data-page-head>Aurora &quot;Cat-Eye&quot; &amp; &lt;friends&gt;</title>',
      '<meta data-page-head name="description" content="It&#39;s light">',
      '<meta data-page-head name="robots" content="noindex, follow">',
      '<link data-page-head rel="canonical" href="https://shop.example/fr/aurora.html?a=1&amp;b=2">',
      '<link data-page-head rel="alternate" hreflang="x-default" href="https://shop.example/ca/aurora.html">',
      '<meta data-page-head property="og:title" content="&quot;&gt;&lt;script&gt;">',
      '<script data-page-head type="application/ld+json">{"@type":"Product","name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}</script>',
    ]);
  });

  it('a product named </script><script>alert(1)</script> cannot leave its JSON-LD script, and its JSON still reads back', () => {
    const html = renderPageHead(
      productPageHead(
        {
          origin: 'https://shop.example',
          storeCode: 'ca',
          path: '/x.html',
          search: '',
          storeName: 'Lunette Eyewear',
          locale: 'en_CA',
          currency: 'CAD',
          storeViews: SEEDED_VIEWS,
          defaultStoreCode: 'ca',
        },
        {
          sku: 'X',
          name: HOSTILE,
          url_key: 'x',
          url_suffix: '.html',
          meta_title: null,
          meta_description: null,
          stock_status: 'IN_STOCK',
          description: null,
          media_gallery: [],
          price_range: { minimum_price: { final_price: { value: 1, currency: 'CAD' }, regular_price: { value: 1, currency: 'CAD' } } },
          categories: [],
        },
      ),
    );
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<script/g)).toHaveLength(1); // the one JSON-LD script, no injected one
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script data-page-head type="application\/ld\+json">(.*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toMatchObject({ '@type': 'Product', name: HOSTILE });
    expect(html).toContain(`<title data-page-head>${escapeHtml(HOSTILE)} | Lunette Eyewear</title>`);
  });

  it('escapes &, <, > and the line separators U+2028/U+2029 in JSON-LD', () => {
    expect(jsonForScript({ a: 'x & y <!-- \u2028\u2029' })).toBe('{"a":"x \\u0026 y \\u003c!-- \\u2028\\u2029"}');
    expect(JSON.parse(jsonForScript({ a: 'x & y <!-- \u2028' }))).toEqual({ a: 'x & y <!-- \u2028' });
  });
});
