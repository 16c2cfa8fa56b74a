import type { Transaction } from '../../db/database';
import { insertRows } from '../../db/insert-rows';
import { isEnglish, type Translations, translationFor } from '../../shared/store-locales';
import attributeTexts from './attributes.i18n.json' with { type: 'json' };
import categoryTexts from './categories.i18n.json' with { type: 'json' };
import cmsTexts from './cms.i18n.json' with { type: 'json' };
import { CMS_BLOCKS, CMS_PAGES } from './cms.seed-data';
import { ATTRIBUTE_IDS, COLOURS, type ColourSeed, type FrameSeed, LENS_OPTIONS, labelOf, OPTION_IDS, type SelectAttribute } from './frames.seed-data';
import productTexts from './product-texts.i18n.json' with { type: 'json' };
import { searchConfigOf } from './store-scope';

/**
 * The catalog as each non-English store view shows it: store-scoped values written as
 * Magento keeps them, one row per store view, from the translations kept beside the English seed
 * (`*.i18n.json`, colours.json, lens-options.json). English views get no rows but attribute labels
 * (the Commonwealth "Colour" beside the default, US "Color"): they show the default values. A store
 * view without a translation shows the default value too.
 */

type Row = Record<string, unknown>;
interface View {
  id: number;
  locale: string;
}

interface ProductTexts {
  kind: { frame: string; sunglasses: string };
  kindPlural: { frame: string; sunglasses: string };
  short: string;
  intro: string;
  rim: string;
  height: string;
  heightProgressive: string;
  colours: string;
  keywords: string;
  /** An image's label (alt text): `{name}`, `{colour}`, `{view}`. */
  mediaLabel: string;
  views: { front: string; angled: string; tryon: string };
  lowercaseLabels: boolean;
}

const PRODUCT_TEXTS = productTexts as Translations<ProductTexts>;
const ATTRIBUTE_TEXTS = attributeTexts.attributes as Record<string, Translations<string>>;
const OPTION_TEXTS = attributeTexts.options as Record<string, Translations<string>>;
const CATEGORY_TEXTS = categoryTexts as Record<string, Translations<{ name: string; description: string }>>;

interface CmsPageText {
  title: string;
  contentHeading?: string;
  content: string;
  metaTitle?: string;
  metaDescription?: string;
  metaKeywords?: string;
}
const CMS_PAGE_TEXTS = cmsTexts.pages as Record<string, Translations<CmsPageText>>;
const CMS_BLOCK_TEXTS = cmsTexts.blocks as Record<string, Translations<{ title: string; content: string }>>;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
const stripTags = (html: string) => html.replace(/<[^>]+>/g, '');

/** A select option's label in a locale (colours, shapes, materials, rims, face widths), or undefined for none. */
const optionTranslation = (value: string, locale: string): string | undefined =>
  translationFor(COLOURS.find((c) => c.value === value)?.labels ?? OPTION_TEXTS[value], locale);

/** A select option's label in a locale, or the English one. */
export const optionLabelIn = (value: string, locale: string): string =>
  optionTranslation(value, locale) ?? COLOURS.find((c) => c.value === value)?.label ?? labelOf(value);

/** A frame's descriptions in a locale (null when the locale has no product texts: the English ones stay). */
export function describeIn(f: FrameSeed, locale: string): { description: string; short: string; keywords: string } | null {
  const t = translationFor(PRODUCT_TEXTS, locale);
  if (!t) return null;
  const label = (value: string) =>
    t.lowercaseLabels ? optionLabelIn(value, locale).toLocaleLowerCase(locale.replace('_', '-')) : optionLabelIn(value, locale);
  const kind = f.isSunglasses ? t.kind.sunglasses : t.kind.frame;
  const values = {
    name: f.name,
    kind,
    Kind: capitalised(kind),
    kindPlural: f.isSunglasses ? t.kindPlural.sunglasses : t.kindPlural.frame,
    shape: label(f.shape),
    material: label(f.material),
    rim: label(f.rim),
    faceWidth: label(f.faceWidth),
    lensWidth: f.lensWidth,
    bridgeWidth: f.bridgeWidth,
    templeLength: f.templeLength,
    lensHeight: f.lensHeight,
    frameWidth: f.frameWidth,
    colours: f.colours.map((c) => label(c.value)).join(', '),
  };
  const description = [
    fill(t.intro, values),
    '<ul>',
    fill(f.lensHeight >= 30 ? t.heightProgressive : t.height, values),
    fill(t.rim, values),
    fill(t.colours, values),
    '</ul>',
  ].join('');
  return { description, short: fill(t.short, values), keywords: fill(t.keywords, values) };
}

/** An image's label in a locale (null when the locale has no product texts). */
export function mediaLabelIn(f: FrameSeed, colour: ColourSeed, view: 'front' | 'angled' | 'tryon', locale: string): string | null {
  const t = translationFor(PRODUCT_TEXTS, locale);
  if (!t) return null;
  const name = optionLabelIn(colour.value, locale);
  return fill(t.mediaLabel, { name: f.name, colour: t.lowercaseLabels ? name.toLocaleLowerCase(locale.replace('_', '-')) : name, view: t.views[view] });
}

/** What seedProducts made of each frame, for its store values. */
export interface SeededProduct {
  id: number;
  frame: FrameSeed;
  /** The variant's colour and size label (null for the configurable parent). */
  variant: { colour: ColourSeed; size: string } | null;
}

/** Rows of `table` for every view that has a translation: `row(view)` answers null for none. */
function perView(views: View[], row: (view: View) => Row | null): Row[] {
  return views.flatMap((v) => {
    const r = row(v);
    return r ? [{ ...r, store_id: v.id }] : [];
  });
}

export async function seedCatalogStoreValues(tx: Transaction, products: SeededProduct[]): Promise<void> {
  const allViews = (await tx.query<View>('SELECT id, locale FROM store_view ORDER BY id')).rows;
  const views = allViews.filter((v) => !isEnglish(v.locale));
  // Attribute labels reach the English views too: the default label is the US "Color", and the
  // Commonwealth views (en_CA, en_GB, en_AU, en_HK) spell it "Colour" (one word per view).
  await insertRows(
    tx,
    'catalog_attribute_label',
    Object.entries(ATTRIBUTE_IDS).flatMap(([code, id]) =>
      perView(allViews, (v) => {
        const label = translationFor(ATTRIBUTE_TEXTS[code], v.locale);
        return label ? { attribute_id: id, label } : null;
      }),
    ),
  );

  if (!views.length) return;

  const optionIds: [string, number][] = [
    ...COLOURS.map((c): [string, number] => [c.value, c.optionId]),
    ...(Object.keys(OPTION_IDS) as Exclude<SelectAttribute, 'color' | 'size'>[]).flatMap((attribute) =>
      Object.entries(OPTION_IDS[attribute] as Record<string, number>),
    ),
  ];
  await insertRows(
    tx,
    'catalog_attribute_option_label',
    optionIds.flatMap(([value, id]) =>
      perView(views, (v) => {
        const label = optionTranslation(value, v.locale);
        return label ? { option_id: id, label } : null;
      }),
    ),
  );

  const supers = (await tx.query<{ id: number; attribute_id: number }>('SELECT id, attribute_id FROM catalog_product_super_attribute ORDER BY id')).rows;
  const codeOf = new Map(Object.entries(ATTRIBUTE_IDS).map(([code, id]) => [id as number, code]));
  await insertRows(
    tx,
    'catalog_product_super_attribute_label',
    supers.flatMap((s) =>
      perView(allViews, (v) => {
        const label = translationFor(ATTRIBUTE_TEXTS[codeOf.get(s.attribute_id) ?? ''], v.locale);
        return label ? { super_attribute_id: s.id, label } : null;
      }),
    ),
  );

  const titleTexts = new Map<string, Translations<string>>();
  for (const o of LENS_OPTIONS) {
    titleTexts.set(o.title, o.titles);
    for (const value of o.values) titleTexts.set(value.title, value.titles);
  }
  const titled = (rows: { id: number; title: string }[], key: string, column = 'title') =>
    rows.flatMap((r) =>
      perView(views, (v) => {
        const title = translationFor(titleTexts.get(r.title), v.locale);
        return title ? { [key]: r.id, [column]: title } : null;
      }),
    );
  const options = (await tx.query<{ id: number; title: string }>('SELECT id, title FROM catalog_product_option ORDER BY id')).rows;
  await insertRows(tx, 'catalog_product_option_title', titled(options, 'option_id'));
  const values = (await tx.query<{ id: number; title: string }>('SELECT id, title FROM catalog_product_option_value ORDER BY id')).rows;
  await insertRows(tx, 'catalog_product_option_value_title', titled(values, 'value_id'));

  await insertRows(
    tx,
    'catalog_category_store',
    Object.entries(CATEGORY_TEXTS).flatMap(([id, texts]) =>
      perView(views, (v) => {
        const t = translationFor(texts, v.locale);
        return t
          ? {
              category_id: Number(id),
              name: t.name,
              description: t.description,
              meta_title: `${t.name} | Lunette Eyewear`,
              meta_description: stripTags(t.description),
            }
          : null;
      }),
    ),
  );

  await insertRows(
    tx,
    'catalog_product_store',
    products.flatMap((p) =>
      perView(views, (v) => {
        const texts = describeIn(p.frame, v.locale);
        if (!texts) return null;
        const name = p.variant ? `${p.frame.name} ${optionLabelIn(p.variant.colour.value, v.locale)} ${p.variant.size}` : null;
        return {
          product_id: p.id,
          // frame names are model names, the same in every language; a variant's names its colour
          name,
          description: texts.description,
          short_description: texts.short,
          meta_title: name ? `${name} | Lunette Eyewear` : null,
          meta_description: texts.short,
          meta_keyword: texts.keywords,
        };
      }),
    ),
  );

  // what search reads in each view: its names, option labels and descriptions, stemmed in its language
  for (const v of views) {
    await tx.query(
      `UPDATE catalog_product_store s SET search_text =
         setweight(to_tsvector($2::regconfig, coalesce(s.name, p.name) || ' ' || p.sku || ' ' || replace(p.sku, 'LN', '')), 'A') ||
         setweight(to_tsvector($2::regconfig, coalesce((
           SELECT string_agg(coalesce(l.label, o.label), ' ') FROM catalog_attribute_option o
           LEFT JOIN catalog_attribute_option_label l ON l.option_id = o.option_id AND l.store_id = s.store_id
           WHERE o.option_id IN (p.frame_shape, p.frame_material, p.rim_type)
              OR o.option_id IN (SELECT c.color FROM catalog_product c WHERE c.parent_id = p.id)), '')), 'B') ||
         setweight(to_tsvector($2::regconfig, regexp_replace(coalesce(s.short_description, '') || ' ' || coalesce(s.description, ''), '<[^>]+>', ' ', 'g')), 'C')
       FROM catalog_product p WHERE p.id = s.product_id AND s.store_id = $1`,
      [v.id, searchConfigOf(v.locale)],
    );
  }

  const frameOf = new Map(products.map((p) => [p.id, p.frame]));
  const media = (
    await tx.query<{ id: number; product_id: number; view: 'front' | 'angled' | 'tryon'; color: number }>(
      'SELECT id, product_id, view, color FROM catalog_product_media ORDER BY id',
    )
  ).rows;
  await insertRows(
    tx,
    'catalog_product_media_label',
    media.flatMap((m) =>
      perView(views, (v) => {
        const frame = frameOf.get(m.product_id);
        const colour = COLOURS.find((c) => c.optionId === m.color);
        const label = frame && colour ? mediaLabelIn(frame, colour, m.view, v.locale) : null;
        return label ? { media_id: m.id, label } : null;
      }),
    ),
  );

  await insertRows(
    tx,
    'cms_page_store',
    CMS_PAGES.flatMap((page) =>
      perView(views, (v) => {
        const t = translationFor(CMS_PAGE_TEXTS[page.identifier], v.locale);
        return t
          ? {
              page_id: page.id,
              title: t.title,
              content_heading: t.contentHeading ?? null,
              content: t.content,
              meta_title: t.metaTitle ?? null,
              meta_description: t.metaDescription ?? null,
              meta_keywords: t.metaKeywords ?? null,
            }
          : null;
      }),
    ),
  );
  await insertRows(
    tx,
    'cms_block_store',
    CMS_BLOCKS.flatMap((block) =>
      perView(views, (v) => {
        const t = translationFor(CMS_BLOCK_TEXTS[block.identifier], v.locale);
        return t ? { block_id: block.id, title: t.title, content: t.content } : null;
      }),
    ),
  );
}
