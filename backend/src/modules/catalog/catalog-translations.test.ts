import { describe, expect, it } from 'vitest';
import methodTitles from '../cart/method-titles.i18n.json' with { type: 'json' };
import attributeTexts from './attributes.i18n.json' with { type: 'json' };
import categoryTexts from './categories.i18n.json' with { type: 'json' };
import cmsTexts from './cms.i18n.json' with { type: 'json' };
import { describeIn, optionLabelIn } from './catalog-store-values.seed';
import { CMS_BLOCKS, CMS_PAGES } from './cms.seed-data';
import { ATTRIBUTE_IDS, CATEGORIES, COLOURS, FACE_WIDTHS, FRAMES, LENS_OPTIONS, MATERIALS, RIM_TYPES, SHAPES } from './frames.seed-data';

/** The languages every shopper-visible catalog text is kept in, besides the default English. */
const LANGUAGES = ['fr', 'de', 'es', 'nl'];
const lacking = (entries: [string, Record<string, unknown> | undefined][]) =>
  entries.flatMap(([name, byLocale]) => LANGUAGES.filter((l) => !byLocale?.[l]).map((l) => `${name}: ${l}`));

describe('catalog translations kept beside the English seed', () => {
  it('every attribute, option value, colour, lens option, category, CMS page and block and method title has fr, de, es and nl', () => {
    const attributes = attributeTexts.attributes as Record<string, Record<string, string>>;
    const options = attributeTexts.options as Record<string, Record<string, string>>;
    const categories = categoryTexts as Record<string, Record<string, unknown>>;
    const missing = [
      ...lacking(Object.keys(ATTRIBUTE_IDS).map((code) => [`attribute ${code}`, attributes[code]])),
      ...lacking([...SHAPES, ...MATERIALS.filter((m) => m !== 'TR90'), ...RIM_TYPES, ...FACE_WIDTHS].map((v) => [`option ${v}`, options[v]])),
      ...lacking(COLOURS.map((c) => [`colour ${c.value}`, c.labels])),
      ...lacking(
        LENS_OPTIONS.flatMap((o) => [
          [`lens option ${o.title}`, o.titles],
          ...o.values.map((v): [string, Record<string, unknown>] => [`lens ${v.title}`, v.titles]),
        ]),
      ),
      ...lacking(CATEGORIES.filter((c) => c.urlKey).map((c) => [`category ${c.name}`, categories[String(c.id)]])),
      ...lacking(CMS_PAGES.map((p) => [`page ${p.identifier}`, (cmsTexts.pages as Record<string, Record<string, unknown>>)[p.identifier]])),
      ...lacking(CMS_BLOCKS.map((b) => [`block ${b.identifier}`, (cmsTexts.blocks as Record<string, Record<string, unknown>>)[b.identifier]])),
      ...lacking(Object.entries(methodTitles as Record<string, Record<string, string>>)),
    ];
    expect(missing).toEqual([]);
  });

  it('a frame’s description in each language names its shape, material and colours in that language', () => {
    const aurora = FRAMES[0]!;
    expect(describeIn(aurora, 'fr_FR')?.description).toContain('de forme papillon en acétate');
    expect(describeIn(aurora, 'nl_NL')?.short).toMatch(/^Montuur, vorm kattenoog, acetaat/);
    expect(describeIn(aurora, 'es_MX')?.short).toMatch(/^Armazón, forma ojo de gato/);
    expect(describeIn(aurora, 'en_GB')).toBeNull();
    expect(optionLabelIn('gunmetal', 'de_DE')).toBe('Anthrazit');
    expect(optionLabelIn('burgundy', 'es_MX')).toBe('Vino');
    expect(optionLabelIn('TR90', 'fr_FR')).toBe('TR90');
  });
});
