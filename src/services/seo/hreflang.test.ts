import { describe, expect, it } from 'vitest';
import { bcp47, hreflangsOf } from './hreflang';
import { SEEDED_VIEWS } from './seo.fixtures';

describe('issue 12 SEO: hreflang of the store views (spec §2/§3)', () => {
  it("writes Magento's locale as BCP 47", () => {
    expect(bcp47('fr_FR')).toBe('fr-FR');
    expect(bcp47('zh_Hant_TW')).toBe('zh-Hant-TW');
  });

  it('gives every view a distinct value: the view named after the region keeps it, the next the language alone, others none', () => {
    const values = hreflangsOf(SEEDED_VIEWS);
    expect(Object.fromEntries(values.map((v) => [v.code, v.hreflang]))).toEqual({
      default: 'en',
      us: 'en-US',
      uk: 'en-GB',
      fr: 'fr-FR',
      es: 'es-ES',
      nl: 'nl-NL',
      hk: 'en-HK',
      mx: 'es-MX',
      de: 'de-DE',
      au: 'en-AU',
      ca: 'en-CA',
      ch: 'de-CH',
    });
    expect(new Set(values.map((v) => v.hreflang)).size).toBe(values.length);
  });

  it('without a view named after the region, the first view of a shared locale keeps it; views with no locale get none', () => {
    expect(
      hreflangsOf([
        { code: 'a', locale: 'fr_CA' },
        { code: 'b', locale: 'fr_CA' },
        { code: 'c', locale: null },
      ]),
    ).toEqual([
      { code: 'a', hreflang: 'fr-CA' },
      { code: 'b', hreflang: 'fr' },
    ]);
  });
});
