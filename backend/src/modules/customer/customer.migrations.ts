import type { Migration } from '../../db/migrate';
import { expiringTokenTableSql } from '../../shared/expiring-tokens';
import { THROTTLE_TABLE_SQL } from '../../shared/throttle';
import { PASSWORD_RESETS } from './customer.queries';

/**
 * The customer module's tables: accounts, sign-in tokens, address book, newsletter, contact messages, the mail outbox, the database's secrets, and wishlists.
 * Ids keep their `2xx_commerce_` names: databases made before the modules were split have them applied.
 */
export const customerMigrations: Migration[] = [
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
      ${expiringTokenTableSql(PASSWORD_RESETS)}
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
  // Password-reset requests and coupon guesses counted for their throttles (ADR 037).
  { id: '220_throttle_events', sql: THROTTLE_TABLE_SQL },
];
