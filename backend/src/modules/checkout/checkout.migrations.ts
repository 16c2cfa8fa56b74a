import type { Migration } from '../../db/migrate';

/**
 * The checkout module's tables: orders, their items and hosted payment sessions. Money is kept in the order's own currency (an order is a record of what the shopper paid).
 * Ids keep their `2xx_commerce_` names: databases made before the modules were split have them applied.
 */
export const checkoutMigrations: Migration[] = [
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
    // ADR 040: an order line keeps its unit price and row total with their taxes as the cart showed
    // them (rounded once per row), so the receipt and the order answer the amounts the shopper saw.
    // Lines recorded before carry none: they answer their amounts without tax, as they did.
    id: '240_order_item_prices_including_tax',
    sql: `
      ALTER TABLE sales_order_item ADD COLUMN price_incl_tax numeric(12, 4), ADD COLUMN row_total_incl_tax numeric(12, 4);
    `,
  },
  {
    // Magento's `sales_order_status_label`: an order status's label per store view (merchant data;
    // a status without one answers its default label in the view's language). The Commonwealth
    // English views spell "Cancelled", as the shop's own English words do; en_US keeps "Canceled".
    id: '250_order_status_labels',
    sql: `
      CREATE TABLE sales_order_status_label (
        status text NOT NULL,
        store_code text NOT NULL,
        label text NOT NULL,
        PRIMARY KEY (status, store_code)
      );
      INSERT INTO sales_order_status_label (status, store_code, label) VALUES
        ('canceled', 'eu', 'Cancelled'), ('canceled', 'uk', 'Cancelled'), ('canceled', 'hk', 'Cancelled'),
        ('canceled', 'au', 'Cancelled'), ('canceled', 'ca', 'Cancelled');
    `,
  },
];
