import type { Transaction } from '../../db/database';
import { insertRows } from '../../db/insert-rows';
import { seedCatalogStoreValues, type SeededProduct } from './catalog-store-values.seed';
import { CMS_BLOCKS, CMS_PAGES } from './cms.seed-data';
import { COUNTRY_SEED } from './directory.seed-data';
import {
  ATTRIBUTE_IDS,
  ATTRIBUTE_LABELS,
  CATEGORIES,
  categoriesOf,
  COLOURS,
  FACE_WIDTHS,
  FRAMES,
  LENS_OPTIONS,
  labelOf,
  MATERIALS,
  mediaFileOf,
  OPTION_IDS,
  RIM_TYPES,
  SHAPES,
  SIZES,
  variantSku,
  type FrameSeed,
} from './frames.seed-data';

type Row = Record<string, unknown>;

export async function seedCatalog(tx: Transaction): Promise<void> {
  await seedAttributes(tx);
  await seedCategories(tx);
  const products = await seedProducts(tx);
  await seedCms(tx);
  await seedDirectory(tx);
  await seedUrlRewrites(tx);
  await seedCatalogStoreValues(tx, products);
}

async function seedAttributes(tx: Transaction): Promise<void> {
  const selects = new Set(['color', 'size', 'frame_shape', 'frame_material', 'rim_type', 'face_width']);
  await insertRows(
    tx,
    'catalog_attribute',
    Object.entries(ATTRIBUTE_IDS).map(([code, id], position) => ({
      attribute_id: id,
      attribute_code: code,
      label: ATTRIBUTE_LABELS[code as keyof typeof ATTRIBUTE_LABELS],
      frontend_input: selects.has(code) ? 'select' : 'text',
      is_filterable: true,
      position,
    })),
  );
  const options: Row[] = [
    ...COLOURS.map((c, i) => ({
      option_id: c.optionId,
      attribute_id: ATTRIBUTE_IDS.color,
      value: c.value,
      label: c.label,
      position: i,
      swatch_type: 'color',
      swatch_value: c.hex,
    })),
    ...SIZES.map((s, i) => ({
      option_id: s.optionId,
      attribute_id: ATTRIBUTE_IDS.size,
      value: s.value,
      label: s.label,
      position: i,
      swatch_type: 'text',
      swatch_value: s.label,
    })),
    ...SHAPES.map((v, i) => ({
      option_id: OPTION_IDS.frame_shape[v],
      attribute_id: ATTRIBUTE_IDS.frame_shape,
      value: v,
      label: labelOf(v),
      position: i,
      swatch_type: null,
      swatch_value: null,
    })),
    ...MATERIALS.map((v, i) => ({
      option_id: OPTION_IDS.frame_material[v],
      attribute_id: ATTRIBUTE_IDS.frame_material,
      value: v,
      label: labelOf(v),
      position: i,
      swatch_type: null,
      swatch_value: null,
    })),
    ...RIM_TYPES.map((v, i) => ({
      option_id: OPTION_IDS.rim_type[v],
      attribute_id: ATTRIBUTE_IDS.rim_type,
      value: v,
      label: labelOf(v),
      position: i,
      swatch_type: null,
      swatch_value: null,
    })),
    ...FACE_WIDTHS.map((v, i) => ({
      option_id: OPTION_IDS.face_width[v],
      attribute_id: ATTRIBUTE_IDS.face_width,
      value: v,
      label: labelOf(v),
      position: i,
      swatch_type: null,
      swatch_value: null,
    })),
  ];
  await insertRows(tx, 'catalog_attribute_option', options);
}

async function seedCategories(tx: Transaction): Promise<void> {
  const byId = new Map(CATEGORIES.map((c) => [c.id, c]));
  const pathOf = (id: number): number[] => {
    const c = byId.get(id);
    return c?.parentId ? [...pathOf(c.parentId), id] : [id];
  };
  const urlPathOf = (id: number): string | null => {
    const c = byId.get(id);
    if (!c?.urlKey) return null;
    const parent = c.parentId ? urlPathOf(c.parentId) : null;
    return parent ? `${parent}/${c.urlKey}` : c.urlKey;
  };
  await insertRows(
    tx,
    'catalog_category',
    CATEGORIES.map((c) => ({
      id: c.id,
      parent_id: c.parentId,
      position: c.position,
      level: pathOf(c.id).length - 1,
      path: pathOf(c.id).join('/'),
      name: c.name,
      url_key: c.urlKey,
      url_path: urlPathOf(c.id),
      description: c.description,
      image: c.image,
      include_in_menu: c.includeInMenu,
      is_active: true,
      is_anchor: true,
      meta_title: c.urlKey ? `${c.name} | Lunette Eyewear` : null,
      meta_description: c.description?.replace(/<[^>]+>/g, '') ?? null,
      meta_keywords: null,
      display_mode: 'PRODUCTS',
      created_at: '2026-01-05T09:00:00Z',
      updated_at: '2026-01-05T09:00:00Z',
    })),
  );
}

function describe(f: FrameSeed): { description: string; short: string } {
  const kind = f.isSunglasses ? 'sunglasses' : 'frame';
  // The description names no lens or frame width (they differ by size): the product page's
  // measurements are the chosen size's own (each variant's attributes).
  const short = `${labelOf(f.shape)} ${labelOf(f.material).toLowerCase()} ${kind}, ${labelOf(f.rim).toLowerCase()}, ${f.lensWidth}-${f.bridgeWidth}-${f.templeLength}.`;
  const description = [
    `<p>The ${f.name} is a ${labelOf(f.rim).toLowerCase()} ${labelOf(f.shape).toLowerCase()} ${kind} in ${labelOf(f.material).toLowerCase()}, sized for ${f.faceWidth} faces.</p>`,
    '<ul>',
    `<li>Lens height ${f.lensHeight} mm${f.lensHeight >= 30 ? ': room for progressive lenses' : ''}</li>`,
    `<li>Available in ${f.colours.map((c) => c.label.toLowerCase()).join(', ')}; sizes S, M and L</li>`,
    '</ul>',
  ].join('');
  return { description, short };
}

interface ProductIds {
  nextProductId: number;
  nextMediaId: number;
  nextOptionId: number;
  nextValueId: number;
  nextSuperId: number;
}

async function seedProducts(tx: Transaction): Promise<SeededProduct[]> {
  const seeded: SeededProduct[] = [];
  const ids: ProductIds = { nextProductId: 1, nextMediaId: 1, nextOptionId: 1, nextValueId: 1, nextSuperId: 1 };
  const products: Row[] = [];
  const links: Row[] = [];
  const supers: Row[] = [];
  const media: Row[] = [];
  const options: Row[] = [];
  const values: Row[] = [];
  const categoryPositions = new Map<number, number>();

  for (const f of FRAMES) {
    const parentId = ids.nextProductId++;
    seeded.push({ id: parentId, frame: f, variant: null });
    const { description, short } = describe(f);
    const inStock = f.stock.some((row) => row.some((q) => q > 0));
    products.push(
      productRow(f, {
        id: parentId,
        sku: f.sku,
        type_id: 'configurable',
        parent_id: null,
        name: f.name,
        url_key: f.urlKey,
        visibility: 4,
        description,
        short_description: short,
        qty: 0,
        stock_status: inStock ? 'IN_STOCK' : 'OUT_OF_STOCK',
        color: null,
        size: null,
        lensDelta: 0,
        sort_position: f.index,
      }),
    );
    for (const categoryId of categoriesOf(f)) {
      const position = categoryPositions.get(categoryId) ?? 0;
      categoryPositions.set(categoryId, position + 1);
      links.push({ category_id: categoryId, product_id: parentId, position });
    }
    supers.push({ id: ids.nextSuperId++, product_id: parentId, attribute_id: ATTRIBUTE_IDS.color, label: 'Color', position: 0 });
    supers.push({ id: ids.nextSuperId++, product_id: parentId, attribute_id: ATTRIBUTE_IDS.size, label: 'Size', position: 1 });

    f.colours.forEach((c, ci) => {
      for (const view of ['front', 'angled', 'tryon'] as const) {
        media.push({
          id: ids.nextMediaId++,
          product_id: parentId,
          file: mediaFileOf(f.urlKey, c, view),
          label: `${f.name} in ${c.label.toLowerCase()}, ${view === 'tryon' ? 'try-on image' : `${view} view`}`,
          position: ci * 3 + (view === 'front' ? 1 : view === 'angled' ? 2 : 3),
          types: ci === 0 && view === 'front' ? ['image', 'small_image', 'thumbnail'] : view === 'tryon' ? ['tryon'] : [],
          // the try-on image is for the try-on page, not the product gallery
          disabled: view === 'tryon',
          view,
          color: c.optionId,
        });
      }
      SIZES.forEach((s, si) => {
        const variantId = ids.nextProductId++;
        seeded.push({ id: variantId, frame: f, variant: { colour: c, size: s.label } });
        const qty = f.stock[ci]?.[si] ?? 0;
        products.push(
          productRow(f, {
            id: variantId,
            sku: variantSku(f, c, s.value),
            type_id: 'simple',
            parent_id: parentId,
            name: `${f.name} ${c.label} ${s.label}`,
            url_key: `${f.urlKey}-${c.value}-${s.value.toLowerCase()}`,
            visibility: 1,
            description,
            short_description: short,
            qty,
            stock_status: qty > 0 ? 'IN_STOCK' : 'OUT_OF_STOCK',
            color: c.optionId,
            size: s.optionId,
            lensDelta: s.lensDelta,
            sort_position: f.index,
          }),
        );
        for (const view of ['front', 'angled', 'tryon'] as const) {
          media.push({
            id: ids.nextMediaId++,
            product_id: variantId,
            file: mediaFileOf(f.urlKey, c, view),
            label: `${f.name} in ${c.label.toLowerCase()}, ${view === 'tryon' ? 'try-on image' : `${view} view`}`,
            position: view === 'front' ? 1 : view === 'angled' ? 2 : 3,
            types: view === 'front' ? ['image', 'small_image', 'thumbnail'] : view === 'tryon' ? ['tryon'] : [],
            disabled: view === 'tryon',
            view,
            color: c.optionId,
          });
        }
      });
    });

    LENS_OPTIONS.forEach((o, oi) => {
      const optionId = ids.nextOptionId++;
      options.push({
        id: optionId,
        product_id: parentId,
        title: o.title,
        type: o.type,
        is_required: o.required,
        sort_order: oi + 1,
        price: 0,
        price_type: 'FIXED',
        sku: null,
        max_characters: o.maxCharacters ?? null,
      });
      o.values.forEach((v, vi) =>
        values.push({ id: ids.nextValueId++, option_id: optionId, title: v.title, price: v.priceUsd, price_type: 'FIXED', sku: v.sku, sort_order: vi + 1 }),
      );
    });
  }

  await insertRows(tx, 'catalog_product', products);
  await insertRows(tx, 'catalog_category_product', links);
  await insertRows(tx, 'catalog_product_super_attribute', supers);
  await insertRows(tx, 'catalog_product_media', media);
  await insertRows(tx, 'catalog_product_option', options);
  await insertRows(tx, 'catalog_product_option_value', values);
  // what full-text search reads: name and sku weigh most, then attribute labels, then the text
  await tx.exec(`
    UPDATE catalog_product p SET search_text =
      setweight(to_tsvector('english', p.name || ' ' || p.sku || ' ' || replace(p.sku, 'LN', '')), 'A') ||
      setweight(to_tsvector('english', coalesce((
        SELECT string_agg(o.label || ' ' || o.value, ' ') FROM catalog_attribute_option o
        WHERE o.option_id IN (p.frame_shape, p.frame_material, p.rim_type)
           OR o.option_id IN (SELECT c.color FROM catalog_product c WHERE c.parent_id = p.id)), '')), 'B') ||
      setweight(to_tsvector('english', regexp_replace(p.short_description || ' ' || p.description, '<[^>]+>', ' ', 'g')), 'C')
  `);
  return seeded;
}

function productRow(
  f: FrameSeed,
  p: {
    id: number;
    sku: string;
    type_id: string;
    parent_id: number | null;
    name: string;
    url_key: string;
    visibility: number;
    description: string;
    short_description: string;
    qty: number;
    stock_status: string;
    color: number | null;
    size: number | null;
    lensDelta: number;
    sort_position: number;
  },
): Row {
  const lensWidth = f.lensWidth + p.lensDelta;
  return {
    id: p.id,
    sku: p.sku,
    type_id: p.type_id,
    parent_id: p.parent_id,
    name: p.name,
    url_key: p.url_key,
    description: p.description,
    short_description: p.short_description,
    meta_title: `${p.name} | Lunette Eyewear`,
    meta_description: p.short_description,
    meta_keyword: `${f.shape} glasses, ${f.material} frames, ${f.isSunglasses ? 'sunglasses' : 'eyeglasses'}`,
    visibility: p.visibility,
    price: f.priceUsd,
    special_price: f.specialPriceUsd,
    qty: p.qty,
    stock_status: p.stock_status,
    weight: f.material === 'titanium' ? 0.02 : 0.03,
    color: p.color,
    size: p.size,
    frame_shape: OPTION_IDS.frame_shape[f.shape],
    frame_material: OPTION_IDS.frame_material[f.material],
    rim_type: OPTION_IDS.rim_type[f.rim],
    face_width: OPTION_IDS.face_width[f.faceWidth],
    lens_width: lensWidth,
    bridge_width: f.bridgeWidth,
    temple_length: f.templeLength,
    lens_height: f.lensHeight,
    frame_width: f.frameWidth + 2 * p.lensDelta,
    sph_min: f.sph[0],
    sph_max: f.sph[1],
    cyl_max: f.cylMax,
    sort_position: p.sort_position,
    created_at: '2026-01-05T09:00:00Z',
    updated_at: '2026-01-05T09:00:00Z',
  };
}

async function seedCms(tx: Transaction): Promise<void> {
  await insertRows(
    tx,
    'cms_page',
    CMS_PAGES.map((p) => ({
      id: p.id,
      identifier: p.identifier,
      title: p.title,
      content_heading: p.contentHeading,
      content: p.content.trim(),
      page_layout: p.pageLayout,
      meta_title: p.metaTitle,
      meta_description: p.metaDescription,
      meta_keywords: p.metaKeywords,
      is_active: true,
    })),
  );
  await insertRows(
    tx,
    'cms_block',
    CMS_BLOCKS.map((b) => ({ ...b, is_active: true })),
  );
}

async function seedDirectory(tx: Transaction): Promise<void> {
  await insertRows(
    tx,
    'directory_country',
    COUNTRY_SEED.map((c) => ({ id: c.id, iso3: c.iso3, name_en: c.name })),
  );
  await insertRows(
    tx,
    'directory_region',
    COUNTRY_SEED.flatMap((c) => c.regions.map(([id, code, name]) => ({ id, country_id: c.id, code, name }))),
  );
}

/** Magento's url_rewrite rows: categories, products (alone and under their categories), CMS pages, and a few redirects. */
async function seedUrlRewrites(tx: Transaction): Promise<void> {
  const rows: Row[] = [];
  const add = (request_path: string, target_path: string, entity_type: string, entity_id: number, redirect_type = 0) =>
    rows.push({ id: rows.length + 1, request_path, target_path, entity_type, entity_id, redirect_type });
  const categories = (
    await tx.query<{ id: number; url_path: string | null }>('SELECT id, url_path FROM catalog_category WHERE url_path IS NOT NULL ORDER BY id')
  ).rows;
  for (const c of categories) add(`${c.url_path}.html`, `catalog/category/view/id/${c.id}`, 'category', c.id);
  const products = (await tx.query<{ id: number; url_key: string }>('SELECT id, url_key FROM catalog_product WHERE visibility <> 1 ORDER BY id')).rows;
  const links = (
    await tx.query<{ product_id: number; category_id: number; url_path: string }>(
      'SELECT cp.product_id, cp.category_id, c.url_path FROM catalog_category_product cp JOIN catalog_category c ON c.id = cp.category_id ORDER BY cp.product_id, cp.category_id',
    )
  ).rows;
  for (const p of products) {
    add(`${p.url_key}.html`, `catalog/product/view/id/${p.id}`, 'product', p.id);
    for (const l of links.filter((x) => x.product_id === p.id))
      add(`${l.url_path}/${p.url_key}.html`, `catalog/product/view/id/${p.id}/category/${l.category_id}`, 'product', p.id);
  }
  for (const page of CMS_PAGES) add(page.identifier, `cms/page/view/page_id/${page.id}`, 'cms-page', page.id);
  // renamed and seasonal URLs, kept working with redirects (the target is the current URL)
  const aurora = products.find((p) => p.url_key === 'aurora-cat-eye');
  add('glasses.html', 'eyeglasses.html', 'category', 3, 301);
  add('summer-sale.html', 'sale.html', 'category', 10, 302);
  if (aurora) add('aurora-cateye.html', 'aurora-cat-eye.html', 'product', aurora.id, 301);
  add('about', 'about-us', 'cms-page', 3, 301);
  add('lens-guide', 'https://www.lunette-eyewear.example/journal/lens-guide', 'custom', 0, 302);
  await insertRows(tx, 'url_rewrite', rows);
}
