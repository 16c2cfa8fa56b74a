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
];
