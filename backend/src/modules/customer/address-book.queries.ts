import { many, one, type Queryable } from '../../db/database';
import { authorizationError, noSuchEntityError } from '../../graphql/errors';
import type { AddressFields, StoredAddress } from './addresses';

/** `CustomerAddressInput`: the address fields, the region as an object, and the default flags. */
export interface CustomerAddressInput extends Omit<AddressFields, 'region' | 'region_code' | 'region_id'> {
  region?: { region?: string | null; region_code?: string | null; region_id?: number | null } | null;
  country_id?: string | null;
  default_billing?: boolean | null;
  default_shipping?: boolean | null;
}

export interface AddressRow {
  id: number;
  customer_id: number;
  data: StoredAddress;
}

/** The customer's own address, or Magento's refusal (unknown id, or someone else's address). */
export async function ownAddress(q: Queryable, customerId: number, addressId: number): Promise<AddressRow> {
  const row = await one<AddressRow>(q, 'SELECT * FROM customer_address WHERE id = $1', [addressId]);
  if (!row) throw noSuchEntityError(`Could not find a address with ID "${addressId}"`);
  if (row.customer_id !== customerId) throw authorizationError(`Current customer does not have permission to address with ID "${addressId}"`);
  return row;
}

export async function applyDefaults(q: Queryable, customerId: number, addressId: number, input: CustomerAddressInput): Promise<void> {
  if (input.default_billing === true) await q.query('UPDATE customer SET default_billing_id = $2 WHERE id = $1', [customerId, addressId]);
  if (input.default_shipping === true) await q.query('UPDATE customer SET default_shipping_id = $2 WHERE id = $1', [customerId, addressId]);
  if (input.default_billing === false)
    await q.query('UPDATE customer SET default_billing_id = NULL WHERE id = $1 AND default_billing_id = $2', [customerId, addressId]);
  if (input.default_shipping === false)
    await q.query('UPDATE customer SET default_shipping_id = NULL WHERE id = $1 AND default_shipping_id = $2', [customerId, addressId]);
}

export async function insertCustomerAddress(
  q: Queryable,
  customerId: number,
  address: StoredAddress,
  now: Date,
  defaults: CustomerAddressInput = {},
): Promise<number> {
  const row = await one<{ id: number }>(q, 'INSERT INTO customer_address (customer_id, data, created_at) VALUES ($1, $2, $3) RETURNING id', [
    customerId,
    address,
    now,
  ]);
  await applyDefaults(q, customerId, row!.id, defaults);
  return row!.id;
}

export const customerAddressRows = (q: Queryable, customerId: number) =>
  many<AddressRow>(q, 'SELECT * FROM customer_address WHERE customer_id = $1 ORDER BY id', [customerId]);

export async function updateAddressData(q: Queryable, addressId: number, address: StoredAddress): Promise<void> {
  await q.query('UPDATE customer_address SET data = $2 WHERE id = $1', [addressId, address]);
}

export async function deleteCustomerAddress(q: Queryable, addressId: number): Promise<void> {
  await q.query('DELETE FROM customer_address WHERE id = $1', [addressId]);
}
