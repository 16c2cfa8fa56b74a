import type { Migration } from '../../db/migrate';

/**
 * The cart module's tables: coupons, carts and their lines. Money is kept in the base currency (USD) on carts.
 * Ids keep their `2xx_commerce_` names: databases made before the modules were split have them applied.
 */
export const cartMigrations: Migration[] = [
  {
    id: '201_commerce_carts',
    sql: `
      CREATE TABLE coupon (
        code text PRIMARY KEY,
        label text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('percent', 'fixed', 'free_shipping')),
        amount numeric(12, 4) NOT NULL DEFAULT 0,
        expires_at timestamptz,
        is_active boolean NOT NULL DEFAULT true
      );
      CREATE TABLE cart (
        id serial PRIMARY KEY,
        masked_id text NOT NULL UNIQUE,
        customer_id integer REFERENCES customer(id) ON DELETE CASCADE,
        store_code text NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        email text,
        coupon_code text,
        shipping_address jsonb,
        shipping_method jsonb,
        billing_address jsonb,
        billing_same_as_shipping boolean NOT NULL DEFAULT false,
        payment_method text,
        purchase_order_number text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX cart_active_customer ON cart (customer_id) WHERE is_active AND customer_id IS NOT NULL;
      CREATE TABLE cart_item (
        id serial PRIMARY KEY,
        cart_id integer NOT NULL REFERENCES cart(id) ON DELETE CASCADE,
        product_id integer NOT NULL,
        parent_product_id integer,
        sku text NOT NULL,
        parent_sku text,
        name text NOT NULL,
        item_type text NOT NULL,
        quantity numeric(12, 4) NOT NULL,
        unit_price_usd numeric(12, 4) NOT NULL,
        customizable_options jsonb NOT NULL DEFAULT '[]',
        configurable_options jsonb NOT NULL DEFAULT '[]',
        options_key text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX cart_item_cart ON cart_item (cart_id);
    `,
  },
  {
    // ADR 034: a number every change of a cart or of its lines raises (triggers, so no write path can
    // forget it), which a kept cart answer is checked against before it is sent again.
    id: '210_cart_answer_version',
    sql: `
      ALTER TABLE cart ADD COLUMN version bigint NOT NULL DEFAULT 0;
      CREATE FUNCTION cart_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.version := OLD.version + 1;
        RETURN NEW;
      END $$;
      CREATE TRIGGER cart_version BEFORE UPDATE ON cart FOR EACH ROW EXECUTE FUNCTION cart_next_version();
      CREATE FUNCTION cart_item_raises_cart_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          UPDATE cart SET version = version + 1 WHERE id = OLD.cart_id;
        END IF;
        IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.cart_id <> OLD.cart_id) THEN
          UPDATE cart SET version = version + 1 WHERE id = NEW.cart_id;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER cart_item_version AFTER INSERT OR UPDATE OR DELETE ON cart_item FOR EACH ROW EXECUTE FUNCTION cart_item_raises_cart_version();
    `,
  },
];
