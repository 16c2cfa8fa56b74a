import type { Migration } from '../../db/migrate';
import { expiringTokenTableSql } from '../../shared/expiring-tokens';
import { ABANDONED_CART_LINKS } from './abandoned-cart.queries';

/**
 * The eyewear extension's tables (the shop's Lunette_Eyewear module): product alerts, saved prescriptions, abandoned-cart links, prescription uploads,
 * the order lines' prescription corrections.
 * Ids keep their `2xx_commerce_` names: databases made before the modules were split have them applied.
 */
export const eyewearMigrations: Migration[] = [
  {
    id: '204_commerce_eyewear',
    sql: `
      CREATE TABLE product_alert (
        id serial PRIMARY KEY,
        customer_id integer NOT NULL REFERENCES customer(id) ON DELETE CASCADE,
        product_id integer NOT NULL,
        alert_type text NOT NULL CHECK (alert_type IN ('stock', 'price')),
        price_usd numeric(12, 4),
        hash text NOT NULL,
        store_code text NOT NULL,
        created_at timestamptz NOT NULL,
        UNIQUE (customer_id, product_id, alert_type)
      );
      CREATE TABLE saved_prescription (
        id serial PRIMARY KEY,
        uid text NOT NULL UNIQUE,
        customer_id integer NOT NULL REFERENCES customer(id) ON DELETE CASCADE,
        name text NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX saved_prescription_customer ON saved_prescription (customer_id, id);
      ${expiringTokenTableSql(ABANDONED_CART_LINKS)}
    `,
  },
  {
    // Prescription photos and PDFs the lens wizard uploads; the secret of a reference is kept hashed.
    id: '205_commerce_prescription_uploads',
    sql: `
      CREATE TABLE prescription_upload (
        id serial PRIMARY KEY,
        public_id text NOT NULL UNIQUE,
        secret_hash text NOT NULL,
        file_name text NOT NULL,
        content_type text NOT NULL,
        size integer NOT NULL,
        content bytea NOT NULL,
        customer_id integer REFERENCES customer(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL
      );
    `,
  },
  {
    // ADR 041: each correction through the prescription-fix link, per order line (once per line): the
    // text the line carried before and after, the shopper's note and when — the order's history.
    id: '230_prescription_fix_lines',
    sql: `
      CREATE TABLE sales_order_prescription_fix (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES sales_order(id) ON DELETE CASCADE,
        order_item_id integer NOT NULL UNIQUE REFERENCES sales_order_item(id) ON DELETE CASCADE,
        previous text NOT NULL,
        corrected text NOT NULL,
        comment text,
        fixed_at timestamptz NOT NULL
      );
      CREATE INDEX sales_order_prescription_fix_order ON sales_order_prescription_fix (order_id, fixed_at);
    `,
  },
];
