import { describe, expect, it } from 'vitest';
import { bcp47, hreflangsOf } from './hreflang';
import { SEEDED_VIEWS } from './seo.fixtures';

describe('SEO (ADR 014): hreflang of the store views (spec §2/§3)', () => {
  it("writes Magento's locale as BCP 47", () => {
    expect(bcp47('fr_FR')).toBe('fr-FR');
    expect(bcp47('zh_Hant_TW')).toBe('zh-Hant-TW');
  });

  it('gives every view a distinct value: the view named after the region keeps it, the next the language alone, others none', () => {
    const values = hreflangsOf(SEEDED_VIEWS);
    const hreflangOf = new Map(values.map((v) => [v.code, v.hreflang]));
    // A view alone with its locale (9 of the 13) keeps it.
    const alone = SEEDED_VIEWS.filter((view) => SEEDED_VIEWS.filter((other) => other.locale === view.locale).length === 1);
    expect(alone).toHaveLength(9);
    expect(alone.map((view) => hreflangOf.get(view.code))).toEqual(alone.map((view) => view.locale.replace('_', '-')));
    // default and us share en_US, eu and uk share en_GB.
    expect(['us', 'default', 'uk', 'eu'].map((code) => hreflangOf.get(code))).toEqual(['en-US', 'en', 'en-GB', undefined]);
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
