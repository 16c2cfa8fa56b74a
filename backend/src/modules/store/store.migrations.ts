import type { Migration } from '../../db/migrate';

export const storeMigrations: Migration[] = [
  {
    id: '001_store_views',
    sql: `
      CREATE TABLE store_view (
        id integer PRIMARY KEY,
        code text NOT NULL UNIQUE,
        name text NOT NULL,
        website_id integer NOT NULL,
        website_code text NOT NULL,
        group_code text NOT NULL,
        locale text NOT NULL,
        base_currency text NOT NULL,
        display_currency text NOT NULL,
        timezone text NOT NULL,
        weight_unit text NOT NULL,
        is_default boolean NOT NULL DEFAULT false,
        root_category_id integer NOT NULL,
        sort_order integer NOT NULL DEFAULT 0
      );
      CREATE TABLE currency_rate (
        base text NOT NULL,
        target text NOT NULL,
        rate numeric(12, 6) NOT NULL,
        PRIMARY KEY (base, target)
      );
    `,
  },
  {
    id: '002_store_config',
    sql: `
      -- Magento's core_config_data at store-view scope: settings a store view words its own way
      -- (carriers/<code>/title, payment/<code>/title). A missing row falls back to the code's default.
      CREATE TABLE core_config_data (
        store_id integer NOT NULL REFERENCES store_view (id),
        path text NOT NULL,
        value text NOT NULL,
        PRIMARY KEY (store_id, path)
      );
    `,
  },
  {
    id: '003_prices_including_tax_uk_ch_au_mx',
    sql: `
      -- ADR 040: uk, ch, au and mx show consumers prices with their VAT, MWST, GST and IVA, as the
      -- EU views do (a database seeded before has them excluding tax; a fresh one is seeded so).
      INSERT INTO core_config_data (store_id, path, value)
      SELECT v.id, p.path, '2'
      FROM store_view v
      CROSS JOIN (VALUES ('tax/display/type'), ('tax/cart_display/price'), ('tax/cart_display/subtotal'),
        ('tax/cart_display/shipping'), ('tax/display/shipping'), ('tax/sales_display/price'),
        ('tax/sales_display/subtotal')) AS p (path)
      WHERE v.code IN ('uk', 'ch', 'au', 'mx')
      ON CONFLICT (store_id, path) DO UPDATE SET value = EXCLUDED.value;
      INSERT INTO core_config_data (store_id, path, value)
      SELECT v.id, 'tax/defaults/country', c.country
      FROM store_view v
      JOIN (VALUES ('uk', 'GB'), ('ch', 'CH'), ('au', 'AU'), ('mx', 'MX')) AS c (code, country) ON c.code = v.code
      ON CONFLICT (store_id, path) DO UPDATE SET value = EXCLUDED.value;
    `,
  },
  {
    id: '004_checks_only_where_cashed',
    sql: `
      -- ADR 040: check / money order only in the views whose checks the shop can cash in Montréal
      -- (ca, us, default); a database seeded before offers it everywhere.
      INSERT INTO core_config_data (store_id, path, value)
      SELECT id, 'payment/checkmo/active', '0' FROM store_view WHERE code NOT IN ('ca', 'us', 'default')
      ON CONFLICT (store_id, path) DO UPDATE SET value = EXCLUDED.value;
    `,
  },
  {
    id: '005_free_shipping_subtotal_including_tax',
    sql: `
      -- ADR 040: where the cart shows prices including tax, the free-shipping subtotal is compared
      -- with the subtotal after discount including tax (Magento's "Include Tax to Amount").
      INSERT INTO core_config_data (store_id, path, value)
      SELECT store_id, 'carriers/freeshipping/tax_including', '1' FROM core_config_data
      WHERE path = 'tax/cart_display/subtotal' AND value IN ('2', '3')
      ON CONFLICT (store_id, path) DO UPDATE SET value = EXCLUDED.value;
    `,
  },
];
