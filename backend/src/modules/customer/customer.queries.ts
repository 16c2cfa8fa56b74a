import { isDeepStrictEqual } from 'node:util';
import { one, type Queryable } from '../../db/database';
import { inputError } from '../../graphql/errors';
import { checkPasswordStrength, isValidEmail, normalizeEmail } from '../../shared/input-rules';
import { deleteExpiringToken, type ExpiringTokenTable, findExpiringToken, saveExpiringToken } from '../../shared/expiring-tokens';
import { hashPassword } from '../../shared/secure-tokens';
import { insertCustomerAddress } from './address-book.queries';
import type { StoredAddress } from './addresses';

export interface CustomerRow {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  middlename: string | null;
  prefix: string | null;
  suffix: string | null;
  date_of_birth: string | null;
  gender: number | null;
  taxvat: string | null;
  password_hash: string;
  is_subscribed: boolean;
  default_billing_id: number | null;
  default_shipping_id: number | null;
  store_code: string;
  created_at: Date;
}

export const findCustomerById = (q: Queryable, id: number) => one<CustomerRow>(q, 'SELECT * FROM customer WHERE id = $1', [id]);
export const findCustomerByEmail = (q: Queryable, email: string) => one<CustomerRow>(q, 'SELECT * FROM customer WHERE email = $1', [normalizeEmail(email)]);

export interface CustomerCreateInput {
  email: string;
  firstname: string;
  lastname: string;
  middlename?: string | null;
  prefix?: string | null;
  suffix?: string | null;
  date_of_birth?: string | null;
  dob?: string | null;
  gender?: number | null;
  taxvat?: string | null;
  is_subscribed?: boolean | null;
  password?: string | null;
}

/** The customer attributes' labels Magento's ValidateCustomerData names when a required one is empty. */
const ATTRIBUTE_LABELS = { email: 'Email', firstname: 'First Name', lastname: 'Last Name' } as const;

/** Magento 2.4.9's customer validation: '"First Name" is a required value.' for each empty required attribute. */
export function requireCustomerAttributes(
  input: Partial<Record<keyof typeof ATTRIBUTE_LABELS, string | null>>,
  names: readonly (keyof typeof ATTRIBUTE_LABELS)[],
): void {
  const missing = names.filter((n) => !String(input[n] ?? '').trim());
  if (missing.length) throw inputError(missing.map((n) => `"${ATTRIBUTE_LABELS[n]}" is a required value.`).join(' '));
}

export async function createCustomer(q: Queryable, input: CustomerCreateInput, storeCode: string, now: Date): Promise<CustomerRow> {
  requireCustomerAttributes(input, ['email', 'firstname', 'lastname']);
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw inputError(`"${input.email}" is not a valid email address.`);
  if (input.password) checkPasswordStrength(input.password, email);
  if (await findCustomerByEmail(q, email)) throw inputError('A customer with the same email address already exists in an associated website.');
  // Without a password the account exists but cannot sign in until a password reset.
  const hash = input.password ? await hashPassword(input.password) : '!';
  const row = await one<CustomerRow>(
    q,
    `INSERT INTO customer (email, firstname, lastname, middlename, prefix, suffix, date_of_birth, gender, taxvat, password_hash, is_subscribed, store_code, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING *`,
    [
      email,
      input.firstname.trim(),
      input.lastname.trim(),
      input.middlename ?? null,
      input.prefix ?? null,
      input.suffix ?? null,
      input.date_of_birth ?? input.dob ?? null,
      input.gender ?? null,
      input.taxvat ?? null,
      hash,
      Boolean(input.is_subscribed),
      storeCode,
      now,
    ],
  );
  if (input.is_subscribed) await setSubscription(q, email, row!.id, true, now);
  // Magento's "assign guest order to customer": the guest orders placed with this email become the
  // new account's orders (the shop is one website, whose customers are shared by its store views).
  await q.query('UPDATE sales_order SET customer_id = $1 WHERE customer_id IS NULL AND lower(email) = $2', [row!.id, email]);
  await keepAddressesOfNewestOrder(q, row!.id, email, now);
  return (await findCustomerById(q, row!.id))!;
}

/** An order's address as the address book keeps it: without the shipping address's courier note. */
function addressBookCopy(address: StoredAddress): StoredAddress {
  const { customer_notes: _note, ...rest } = address;
  return rest;
}

/**
 * Magento's guest-to-customer conversion after an order (spec §2 /create-account "after an order"):
 * the new account's address book starts with the addresses of the newest order placed with its
 * email — the shipping address as default shipping, the billing address as default billing (one
 * address for both when they are the same). The addresses come from the order the backend holds,
 * found by the account's own email; nothing the client sends is copied.
 */
async function keepAddressesOfNewestOrder(q: Queryable, customerId: number, email: string, now: Date): Promise<void> {
  const order = await one<{ shipping_address: StoredAddress | null; billing_address: StoredAddress }>(
    q,
    'SELECT shipping_address, billing_address FROM sales_order WHERE customer_id = $1 AND lower(email) = $2 ORDER BY created_at DESC, id DESC LIMIT 1',
    [customerId, email],
  );
  if (!order) return;
  const billing = addressBookCopy(order.billing_address);
  const shipping = order.shipping_address ? addressBookCopy(order.shipping_address) : null;
  if (shipping && isDeepStrictEqual(shipping, billing)) {
    await insertCustomerAddress(q, customerId, shipping, now, { default_shipping: true, default_billing: true });
    return;
  }
  if (shipping) await insertCustomerAddress(q, customerId, shipping, now, { default_shipping: true });
  await insertCustomerAddress(q, customerId, billing, now, { default_billing: true });
}

export async function setSubscription(q: Queryable, email: string, customerId: number | null, subscribed: boolean, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO newsletter_subscriber (email, customer_id, status, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO UPDATE SET customer_id = EXCLUDED.customer_id, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at`,
    [email, customerId, subscribed ? 'SUBSCRIBED' : 'UNSUBSCRIBED', now],
  );
  if (customerId !== null) await q.query('UPDATE customer SET is_subscribed = $2 WHERE id = $1', [customerId, subscribed]);
}

/** The profile columns `updateCustomerV2` may change (`date_of_birth` also from `dob`). */
export const PROFILE_COLUMNS = ['firstname', 'lastname', 'middlename', 'prefix', 'suffix', 'gender', 'taxvat', 'date_of_birth'] as const;
export type ProfileChanges = Partial<Record<(typeof PROFILE_COLUMNS)[number], string | number | null>>;

/** Writes the given profile columns (only those) and the update time. */
export async function updateCustomerProfile(q: Queryable, id: number, changes: ProfileChanges, now: Date): Promise<void> {
  const columns = PROFILE_COLUMNS.filter((c) => c in changes);
  const assignments = columns.map((c, i) => `${c} = $${i + 3}`).join(', ');
  await q.query(`UPDATE customer SET updated_at = $2${assignments ? `, ${assignments}` : ''} WHERE id = $1`, [id, now, ...columns.map((c) => changes[c])]);
}

/** The account's new email; its newsletter subscription follows it (a guest subscription of the new address gives way). */
export async function changeCustomerEmail(q: Queryable, id: number, email: string, now: Date): Promise<void> {
  await q.query('UPDATE customer SET email = $2, updated_at = $3 WHERE id = $1', [id, email, now]);
  await q.query('DELETE FROM newsletter_subscriber WHERE email = $1 AND customer_id IS NULL', [email]);
  await q.query('UPDATE newsletter_subscriber SET email = $2, updated_at = $3 WHERE customer_id = $1', [id, email, now]);
}

export async function setCustomerPasswordHash(q: Queryable, id: number, passwordHash: string, now: Date): Promise<void> {
  await q.query('UPDATE customer SET password_hash = $2, updated_at = $3 WHERE id = $1', [id, passwordHash, now]);
}

/** A customer's one pending password reset (a new request replaces the previous one). */
export const PASSWORD_RESETS: ExpiringTokenTable = { table: 'customer_password_reset', ownerColumn: 'customer_id', ownerTable: 'customer' };

export const savePasswordReset = (q: Queryable, customerId: number, tokenHash: string, expiresAt: Date) =>
  saveExpiringToken(q, PASSWORD_RESETS, customerId, tokenHash, expiresAt);
export const findPasswordReset = (q: Queryable, customerId: number) => findExpiringToken(q, PASSWORD_RESETS, customerId);
export const deletePasswordReset = (q: Queryable, customerId: number) => deleteExpiringToken(q, PASSWORD_RESETS, customerId);

export const newsletterStatusOf = async (q: Queryable, email: string) =>
  (await one<{ status: string }>(q, 'SELECT status FROM newsletter_subscriber WHERE email = $1', [email]))?.status ?? null;

export interface ContactMessage {
  name: string;
  email: string;
  telephone: string | null;
  comment: string;
}

export async function insertContactMessage(q: Queryable, m: ContactMessage, now: Date): Promise<void> {
  await q.query('INSERT INTO contact_message (name, email, telephone, comment, created_at) VALUES ($1, $2, $3, $4, $5)', [
    m.name,
    m.email,
    m.telephone,
    m.comment,
    now,
  ]);
}
