import type { Migration } from '../../db/migrate';

/**
 * A table of what a store view shows instead of the default (admin, store 0) value: `key` points at
 * the `parent` row, `columns` hold the store view's words (Magento's `eav_attribute_label`,
 * `catalog_product_option_title`, `cms_page_store` and the like).
 */
function storeValues(table: string, key: string, parent: string, columns: readonly string[]): string {
  return `CREATE TABLE ${table} (
        ${key} integer NOT NULL REFERENCES ${parent},
        store_id integer NOT NULL REFERENCES store_view (id),
        ${columns.map((column) => `${column},`).join('\n        ')}
        PRIMARY KEY (${key}, store_id)
      );`;
}

/** A table of one text per row and store view: a label or a title, never missing. */
const storeText = (table: string, key: string, parent: string, column: 'label' | 'title'): string =>
  storeValues(table, key, parent, [`${column} text NOT NULL`]);

/**
 * Catalog tables, flattened where Magento uses EAV: one row per product with its attribute values
 * as columns, select attributes pointing at `catalog_attribute_option` ids (as Magento's option ids).
 */
export const catalogMigrations: Migration[] = [
  {
    id: '100_catalog_categories',
    sql: `
      CREATE TABLE catalog_category (
        id integer PRIMARY KEY,
        parent_id integer REFERENCES catalog_category (id),
        position integer NOT NULL DEFAULT 0,
        level integer NOT NULL,
        path text NOT NULL,
        name text NOT NULL,
        url_key text,
        url_path text,
        description text,
        image text,
        include_in_menu boolean NOT NULL DEFAULT true,
        is_active boolean NOT NULL DEFAULT true,
        is_anchor boolean NOT NULL DEFAULT true,
        meta_title text,
        meta_description text,
        meta_keywords text,
        display_mode text NOT NULL DEFAULT 'PRODUCTS',
        created_at timestamptz NOT NULL DEFAULT '2026-01-05T09:00:00Z',
        updated_at timestamptz NOT NULL DEFAULT '2026-01-05T09:00:00Z'
      );
      CREATE INDEX catalog_category_parent ON catalog_category (parent_id, position);
      CREATE UNIQUE INDEX catalog_category_url_path ON catalog_category (url_path);
    `,
  },
  {
    id: '101_catalog_attributes',
    sql: `
      CREATE TABLE catalog_attribute (
        attribute_id integer PRIMARY KEY,
        attribute_code text NOT NULL UNIQUE,
        label text NOT NULL,
        frontend_input text NOT NULL,
        is_filterable boolean NOT NULL DEFAULT false,
        position integer NOT NULL DEFAULT 0
      );
      CREATE TABLE catalog_attribute_option (
        option_id integer PRIMARY KEY,
        attribute_id integer NOT NULL REFERENCES catalog_attribute (attribute_id),
        value text NOT NULL,
        label text NOT NULL,
        position integer NOT NULL DEFAULT 0,
        swatch_type text,
        swatch_value text,
        UNIQUE (attribute_id, value)
      );
    `,
  },
  {
    id: '102_catalog_products',
    sql: `
      CREATE TABLE catalog_product (
        id integer PRIMARY KEY,
        sku text NOT NULL UNIQUE,
        type_id text NOT NULL CHECK (type_id IN ('simple', 'configurable', 'virtual')),
        parent_id integer REFERENCES catalog_product (id),
        name text NOT NULL,
        url_key text NOT NULL UNIQUE,
        description text NOT NULL DEFAULT '',
        short_description text NOT NULL DEFAULT '',
        meta_title text,
        meta_description text,
        meta_keyword text,
        visibility integer NOT NULL DEFAULT 4,
        price numeric(12, 2) NOT NULL,
        special_price numeric(12, 2),
        qty integer NOT NULL DEFAULT 0,
        stock_status text NOT NULL DEFAULT 'IN_STOCK' CHECK (stock_status IN ('IN_STOCK', 'OUT_OF_STOCK')),
        weight numeric(8, 3),
        color integer REFERENCES catalog_attribute_option (option_id),
        size integer REFERENCES catalog_attribute_option (option_id),
        frame_shape integer REFERENCES catalog_attribute_option (option_id),
        frame_material integer REFERENCES catalog_attribute_option (option_id),
        rim_type integer REFERENCES catalog_attribute_option (option_id),
        face_width integer REFERENCES catalog_attribute_option (option_id),
        lens_width numeric(5, 1),
        bridge_width numeric(5, 1),
        temple_length numeric(5, 1),
        lens_height numeric(5, 1),
        frame_width numeric(5, 1),
        sph_min numeric(5, 2),
        sph_max numeric(5, 2),
        cyl_max numeric(5, 2),
        sort_position integer NOT NULL DEFAULT 0,
        search_text tsvector,
        created_at timestamptz NOT NULL DEFAULT '2026-01-05T09:00:00Z',
        updated_at timestamptz NOT NULL DEFAULT '2026-01-05T09:00:00Z'
      );
      CREATE INDEX catalog_product_parent ON catalog_product (parent_id);
      CREATE INDEX catalog_product_visibility ON catalog_product (visibility, sort_position);
      CREATE INDEX catalog_product_search ON catalog_product USING gin (search_text);

      CREATE TABLE catalog_category_product (
        category_id integer NOT NULL REFERENCES catalog_category (id),
        product_id integer NOT NULL REFERENCES catalog_product (id),
        position integer NOT NULL DEFAULT 0,
        PRIMARY KEY (category_id, product_id)
      );
      CREATE INDEX catalog_category_product_product ON catalog_category_product (product_id);

      -- A configurable product's options (Magento's catalog_product_super_attribute).
      CREATE TABLE catalog_product_super_attribute (
        id integer PRIMARY KEY,
        product_id integer NOT NULL REFERENCES catalog_product (id),
        attribute_id integer NOT NULL REFERENCES catalog_attribute (attribute_id),
        label text NOT NULL,
        position integer NOT NULL DEFAULT 0,
        UNIQUE (product_id, attribute_id)
      );
    `,
  },
  {
    id: '103_catalog_media_and_options',
    sql: `
      CREATE TABLE catalog_product_media (
        id integer PRIMARY KEY,
        product_id integer NOT NULL REFERENCES catalog_product (id),
        file text NOT NULL,
        label text,
        position integer NOT NULL DEFAULT 0,
        types text[] NOT NULL DEFAULT '{}',
        disabled boolean NOT NULL DEFAULT false,
        -- what the image shows, so the media route can draw it from the frame's geometry
        view text NOT NULL CHECK (view IN ('front', 'angled', 'tryon')),
        color integer REFERENCES catalog_attribute_option (option_id),
        UNIQUE (product_id, file)
      );
      CREATE INDEX catalog_product_media_product ON catalog_product_media (product_id, position);
      CREATE INDEX catalog_product_media_file ON catalog_product_media (file);

      CREATE TABLE catalog_product_option (
        id integer PRIMARY KEY,
        product_id integer NOT NULL REFERENCES catalog_product (id),
        title text NOT NULL,
        type text NOT NULL CHECK (type IN ('radio', 'checkbox', 'drop_down', 'field', 'area')),
        is_required boolean NOT NULL DEFAULT false,
        sort_order integer NOT NULL DEFAULT 0,
        price numeric(12, 2) NOT NULL DEFAULT 0,
        price_type text NOT NULL DEFAULT 'FIXED',
        sku text,
        max_characters integer
      );
      CREATE INDEX catalog_product_option_product ON catalog_product_option (product_id, sort_order);
      CREATE TABLE catalog_product_option_value (
        id integer PRIMARY KEY,
        option_id integer NOT NULL REFERENCES catalog_product_option (id),
        title text NOT NULL,
        price numeric(12, 2) NOT NULL DEFAULT 0,
        price_type text NOT NULL DEFAULT 'FIXED',
        sku text,
        sort_order integer NOT NULL DEFAULT 0
      );
      CREATE INDEX catalog_product_option_value_option ON catalog_product_option_value (option_id, sort_order);
    `,
  },
  {
    id: '104_catalog_urls_cms_directory',
    sql: `
      CREATE TABLE url_rewrite (
        id integer PRIMARY KEY,
        request_path text NOT NULL UNIQUE,
        target_path text NOT NULL,
        entity_type text NOT NULL CHECK (entity_type IN ('category', 'product', 'cms-page', 'custom')),
        entity_id integer NOT NULL,
        redirect_type integer NOT NULL DEFAULT 0 CHECK (redirect_type IN (0, 301, 302))
      );
      CREATE TABLE cms_page (
        id integer PRIMARY KEY,
        identifier text NOT NULL UNIQUE,
        title text NOT NULL,
        content_heading text,
        content text NOT NULL,
        page_layout text NOT NULL DEFAULT '1column',
        meta_title text,
        meta_description text,
        meta_keywords text,
        is_active boolean NOT NULL DEFAULT true
      );
      CREATE TABLE cms_block (
        id integer PRIMARY KEY,
        identifier text NOT NULL UNIQUE,
        title text NOT NULL,
        content text NOT NULL,
        is_active boolean NOT NULL DEFAULT true
      );
      CREATE TABLE directory_country (
        id text PRIMARY KEY,
        iso3 text NOT NULL,
        name_en text NOT NULL
      );
      CREATE TABLE directory_region (
        id integer PRIMARY KEY,
        country_id text NOT NULL REFERENCES directory_country (id),
        code text NOT NULL,
        name text NOT NULL
      );
      CREATE INDEX directory_region_country ON directory_region (country_id, name);
    `,
  },
  {
    id: '105_catalog_store_values',
    sql: `
      -- What a store view shows instead of the default (admin, store 0) value: Magento's rows with a
      -- store_id in catalog_*_entity_varchar/text, eav_attribute_label, eav_attribute_option_value,
      -- catalog_product_super_attribute_label and catalog_product_option(_type)_title. A missing row or
      -- a NULL column falls back to the value in the entity's own row. URL keys stay shared.
      ${storeValues('catalog_category_store', 'category_id', 'catalog_category (id)', ['name text', 'description text', 'meta_title text', 'meta_description text'])}
      ${storeValues('catalog_product_store', 'product_id', 'catalog_product (id)', [
        'name text',
        'description text',
        'short_description text',
        'meta_title text',
        'meta_description text',
        'meta_keyword text',
        // what full-text search reads in the store view's language (its text search configuration)
        'search_text tsvector',
      ])}
      CREATE INDEX catalog_product_store_search ON catalog_product_store USING gin (search_text);
      ${storeText('catalog_attribute_label', 'attribute_id', 'catalog_attribute (attribute_id)', 'label')}
      ${storeText('catalog_attribute_option_label', 'option_id', 'catalog_attribute_option (option_id)', 'label')}
      ${storeText('catalog_product_super_attribute_label', 'super_attribute_id', 'catalog_product_super_attribute (id)', 'label')}
      ${storeText('catalog_product_option_title', 'option_id', 'catalog_product_option (id)', 'title')}
      ${storeText('catalog_product_option_value_title', 'value_id', 'catalog_product_option_value (id)', 'title')}
      -- Magento's catalog_product_entity_media_gallery_value: an image's label (its alt text) per store view.
      ${storeText('catalog_product_media_label', 'media_id', 'catalog_product_media (id)', 'label')}
      -- CMS content per store view (Magento keeps a page per store view under one identifier).
      ${storeValues('cms_page_store', 'page_id', 'cms_page (id)', [
        'title text',
        'content_heading text',
        'content text',
        'meta_title text',
        'meta_description text',
        'meta_keywords text',
      ])}
      ${storeValues('cms_block_store', 'block_id', 'cms_block (id)', ['title text', 'content text'])}
    `,
  },
  {
    id: '106_lens_option_titles_in_the_storefront_words',
    sql: `
      -- ADR 018 (amendment 2026-12-03), ADR 031: the lens options a database was seeded with are
      -- titled in the words the wizard uses, so the cart, the receipt and the order read the same:
      -- "Lens type" (not "Lens usage"), de "Rezept" (not "Brillenpass"), es "Graduación" (not
      -- "Receta"), and mx reads es's "Tipo de cristal", "Progresivas" and "Solo la montura – sin
      -- lentes" as its wizard does. Lines already in carts and orders keep the titles they were added under.
      UPDATE catalog_product_option SET title = 'Lens type' WHERE title = 'Lens usage' AND type = 'radio';
      UPDATE catalog_product_option_title t SET title = w.new_title
      FROM catalog_product_option o,
        (VALUES ('Lens type', 'Usage des verres', 'Type de verres'),
          ('Lens type', 'Verwendung der Gläser', 'Glasart'),
          ('Lens type', 'Uso de las lentes', 'Tipo de cristal'),
          ('Lens type', 'Uso de las micas', 'Tipo de cristal'),
          ('Lens type', 'Gebruik van de glazen', 'Soort glas'),
          ('Prescription', 'Brillenpass', 'Rezept'),
          ('Prescription', 'Receta', 'Graduación')) AS w (option_title, old_title, new_title)
      WHERE o.id = t.option_id AND o.title = w.option_title AND t.title = w.old_title;
      UPDATE catalog_product_option_value_title t SET title = w.new_title
      FROM catalog_product_option_value v,
        (VALUES ('usage-progressive', 'Progresivos', 'Progresivas'),
          ('usage-frame', 'Solo el armazón – sin micas', 'Solo la montura – sin lentes')) AS w (sku, old_title, new_title)
      WHERE v.id = t.value_id AND v.sku = w.sku AND t.title = w.old_title;
    `,
  },
];
