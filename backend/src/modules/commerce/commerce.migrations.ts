import type { Migration } from '../../db/migrate';

/**
 * The commerce module's tables. Money is kept in the base currency (USD) on carts and in the
 * order's own currency on orders (an order is a record of what the shopper paid).
 */
export const commerceMigrations: Migration[] = [
  {
    id: '200_commerce_customers',
    sql: `
      CREATE TABLE customer (
        id serial PRIMARY KEY,
        email text NOT NULL UNIQUE,
        firstname text NOT NULL,
        lastname text NOT NULL,
        middlename text,
        prefix text,
        suffix text,
        date_of_birth text,
        gender integer,
        taxvat text,
        password_hash text NOT NULL,
        is_subscribed boolean NOT NULL DEFAULT false,
        default_billing_id integer,
        default_shipping_id integer,
        store_code text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE customer_address (
        id serial PRIMARY KEY,
        customer_id integer NOT NULL REFERENCES customer(id) ON DELETE CASCADE,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX customer_address_customer ON customer_address (customer_id);
      CREATE TABLE customer_token (
        token_hash text PRIMARY KEY,
        customer_id integer NOT NULL REFERENCES customer(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE TABLE customer_login_failure (
        id serial PRIMARY KEY,
        email text NOT NULL,
        failed_at timestamptz NOT NULL
      );
      CREATE INDEX customer_login_failure_email ON customer_login_failure (email, failed_at);
      CREATE TABLE customer_password_reset (
        customer_id integer PRIMARY KEY REFERENCES customer(id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE TABLE newsletter_subscriber (
        email text PRIMARY KEY,
        customer_id integer REFERENCES customer(id) ON DELETE SET NULL,
        status text NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE contact_message (
        id serial PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL,
        telephone text,
        comment text NOT NULL,
        created_at timestamptz NOT NULL
      );
      -- There is no mail server: every mail the shop would send lands here (and in the log).
      CREATE TABLE outbox (
        id serial PRIMARY KEY,
        recipient text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        link text,
        created_at timestamptz NOT NULL
      );
      -- Secrets of this database (payment-return signing key), made once on first use.
      CREATE TABLE commerce_secret (
        name text PRIMARY KEY,
        value text NOT NULL
      );
    `,
  },
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
    id: '202_commerce_orders',
    sql: `
      CREATE SEQUENCE sales_order_number START 1;
      CREATE TABLE sales_order (
        id serial PRIMARY KEY,
        number text NOT NULL UNIQUE,
        token text NOT NULL UNIQUE,
        customer_id integer REFERENCES customer(id) ON DELETE SET NULL,
        cart_id integer REFERENCES cart(id) ON DELETE SET NULL,
        store_code text NOT NULL,
        currency text NOT NULL,
        email text NOT NULL,
        firstname text NOT NULL,
        lastname text NOT NULL,
        status text NOT NULL,
        is_virtual boolean NOT NULL,
        shipping_address jsonb,
        billing_address jsonb NOT NULL,
        shipping_method jsonb,
        payment jsonb NOT NULL,
        totals jsonb NOT NULL,
        coupon_code text,
        prescription_fix_key_hash text,
        prescription_fix_used_at timestamptz,
        prescription_fix jsonb,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX sales_order_customer ON sales_order (customer_id, created_at);
      CREATE TABLE sales_order_item (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES sales_order(id) ON DELETE CASCADE,
        product_id integer NOT NULL,
        parent_product_id integer,
        sku text NOT NULL,
        parent_sku text,
        name text NOT NULL,
        url_key text,
        item_type text NOT NULL,
        quantity numeric(12, 4) NOT NULL,
        price numeric(12, 4) NOT NULL,
        row_total numeric(12, 4) NOT NULL,
        discount numeric(12, 4) NOT NULL,
        selected_options jsonb NOT NULL DEFAULT '[]',
        entered_options jsonb NOT NULL DEFAULT '[]'
      );
      CREATE INDEX sales_order_item_order ON sales_order_item (order_id);
      CREATE TABLE payment_session (
        token text PRIMARY KEY,
        order_id integer NOT NULL REFERENCES sales_order(id) ON DELETE CASCADE,
        method text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'approved', 'declined', 'cancelled')),
        created_at timestamptz NOT NULL,
        completed_at timestamptz
      );
    `,
  },
  {
    id: '203_commerce_wishlists',
    sql: `
      CREATE TABLE wishlist (
        id serial PRIMARY KEY,
        customer_id integer NOT NULL UNIQUE REFERENCES customer(id) ON DELETE CASCADE,
        sharing_code text NOT NULL UNIQUE,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE wishlist_item (
        id serial PRIMARY KEY,
        wishlist_id integer NOT NULL REFERENCES wishlist(id) ON DELETE CASCADE,
        product_id integer NOT NULL,
        parent_product_id integer,
        sku text NOT NULL,
        parent_sku text,
        quantity numeric(12, 4) NOT NULL,
        description text,
        customizable_options jsonb NOT NULL DEFAULT '[]',
        configurable_options jsonb NOT NULL DEFAULT '[]',
        added_at timestamptz NOT NULL
      );
      CREATE INDEX wishlist_item_wishlist ON wishlist_item (wishlist_id, id);
    `,
  },
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
      CREATE TABLE abandoned_cart_token (
        cart_id integer PRIMARY KEY REFERENCES cart(id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        expires_at timestamptz NOT NULL
      );
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
];
