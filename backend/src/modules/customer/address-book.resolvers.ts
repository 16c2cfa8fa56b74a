import type { Queryable } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { inputError } from '../../graphql/errors';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import type { ModuleDeps } from '../../shared/module-deps';
import { pageOf } from '../../shared/paging';
import { idOfUid } from '../../shared/secure-tokens';
import {
  applyDefaults,
  customerAddressRows,
  type CustomerAddressInput,
  deleteCustomerAddress,
  insertCustomerAddress,
  ownAddress,
  updateAddressData,
} from './address-book.queries';
import { customerAddressNode } from './address-book.views';
import { type AddressFields, validateAddress } from './addresses';
import { requireCustomerId } from './customer-auth';
import { findCustomerById } from './customer.queries';

const fieldsOf = (input: CustomerAddressInput): AddressFields => ({
  ...input,
  region: input.region?.region ?? null,
  region_code: input.region?.region_code ?? null,
  region_id: input.region?.region_id ?? null,
  country_code: input.country_code ?? input.country_id ?? null,
});

export async function listCustomerAddresses(q: Queryable, customerId: number) {
  const customer = await findCustomerById(q, customerId);
  const rows = await customerAddressRows(q, customerId);
  return rows.map((r) =>
    customerAddressNode(r.id, r.data, { billing: customer?.default_billing_id === r.id, shipping: customer?.default_shipping_id === r.id }, customerId),
  );
}

async function addressNode(q: Queryable, customerId: number, addressId: number) {
  return (await listCustomerAddresses(q, customerId)).find((a) => a.id === addressId)!;
}

function addressIdOf(args: { id?: number; uid?: string }): number {
  if (args.uid !== undefined) {
    const id = idOfUid(args.uid);
    if (id === null) throw inputError(`Could not find a address with ID "${args.uid}"`);
    return id;
  }
  if (!args.id || args.id <= 0) throw inputError('Address "id" value should be specified');
  return args.id;
}

export function customerAddressResolvers(deps: ModuleDeps): Resolvers {
  const create = async (_root: unknown, args: { input: CustomerAddressInput }, ctx: RequestContext) => {
    const customerId = await requireCustomerId(ctx, deps);
    const address = validateAddress(fieldsOf(args.input ?? {}), 'customer');
    const id = await ctx.db.transaction((tx) => insertCustomerAddress(tx, customerId, address, deps.clock.now(), args.input));
    return addressNode(ctx.db, customerId, id);
  };
  const update = async (_root: unknown, args: { id?: number; uid?: string; input?: CustomerAddressInput | null }, ctx: RequestContext) => {
    const customerId = await requireCustomerId(ctx, deps);
    const addressId = addressIdOf(args);
    await ctx.db.transaction(async (tx) => {
      const row = await ownAddress(tx, customerId, addressId);
      const input = args.input ?? {};
      const current = row.data;
      // Only the fields sent change; the rest of the stored address is validated again with them.
      const merged: AddressFields = {
        ...current,
        ...Object.fromEntries(Object.entries(fieldsOf(input)).filter(([, v]) => v !== undefined && v !== null)),
      };
      if (input.region) {
        merged.region = input.region.region ?? null;
        merged.region_code = input.region.region_code ?? null;
        merged.region_id = input.region.region_id ?? null;
      }
      await updateAddressData(tx, addressId, validateAddress(merged, 'customer'));
      await applyDefaults(tx, customerId, addressId, input);
    });
    return addressNode(ctx.db, customerId, addressId);
  };
  const remove = async (_root: unknown, args: { id?: number; uid?: string }, ctx: RequestContext) => {
    const customerId = await requireCustomerId(ctx, deps);
    const addressId = addressIdOf(args);
    await ctx.db.transaction(async (tx) => {
      await ownAddress(tx, customerId, addressId);
      const customer = (await findCustomerById(tx, customerId))!;
      if (customer.default_billing_id === addressId) throw inputError(`Customer Address ${addressId} is set as default billing address and can not be deleted`);
      if (customer.default_shipping_id === addressId)
        throw inputError(`Customer Address ${addressId} is set as default shipping address and can not be deleted`);
      await deleteCustomerAddress(tx, addressId);
    });
    return true;
  };
  return {
    Customer: {
      addresses: (customer, _args, ctx) => listCustomerAddresses(ctx.db, customer.__customerId),
      addressesV2: async (customer, args, ctx) => pageOf(await listCustomerAddresses(ctx.db, customer.__customerId), args, 5),
    },
    Mutation: {
      createCustomerAddress: create,
      updateCustomerAddress: update,
      updateCustomerAddressV2: update,
      deleteCustomerAddress: remove,
      deleteCustomerAddressV2: remove,
    },
  };
}
