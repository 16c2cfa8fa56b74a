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
];
