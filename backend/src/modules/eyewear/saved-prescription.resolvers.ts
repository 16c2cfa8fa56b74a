import { inputError } from '../../graphql/errors';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import type { ModuleDeps } from '../../shared/module-deps';
import { validatePrescription } from '../../shared/prescription-input';
import { requireCustomerId } from '../customer/customer-auth';
import { deleteSavedPrescription, insertSavedPrescription, ownPrescription, savedPrescriptionsOf, updateSavedPrescription } from './saved-prescription.queries';
import { savedNode } from './saved-prescription.views';

const MAX_NAME_LENGTH = 60;

function nameOf(name: string | null | undefined): string {
  const trimmed = name?.trim() ?? '';
  if (!trimmed) throw inputError('Give the prescription a name, for example "Reading glasses 2026".');
  if (trimmed.length > MAX_NAME_LENGTH) throw inputError(`The prescription name can have at most ${MAX_NAME_LENGTH} characters.`);
  return trimmed;
}

export function savedPrescriptionResolvers(deps: ModuleDeps): Resolvers {
  return {
    Query: {
      lunetteSavedPrescriptions: async (_root, _args, ctx) => {
        const customerId = await requireCustomerId(ctx, deps);
        const rows = await savedPrescriptionsOf(ctx.db, customerId);
        return rows.map((r) => savedNode(r, deps.clock.now()));
      },
    },
    Mutation: {
      lunetteAddSavedPrescription: async (_root, args, ctx) => {
        const customerId = await requireCustomerId(ctx, deps);
        const now = deps.clock.now();
        const name = nameOf(args.input.name);
        const prescription = validatePrescription(args.input.prescription ?? {}, now);
        return savedNode(await ctx.db.transaction((tx) => insertSavedPrescription(tx, customerId, name, prescription, now)), now);
      },
      lunetteUpdateSavedPrescription: async (_root, args, ctx) => {
        const customerId = await requireCustomerId(ctx, deps);
        const now = deps.clock.now();
        const name = nameOf(args.input.name);
        const prescription = validatePrescription(args.input.prescription ?? {}, now);
        const row = await ctx.db.transaction(async (tx) => {
          await ownPrescription(tx, customerId, args.uid);
          return updateSavedPrescription(tx, args.uid, name, prescription, now);
        });
        return savedNode(row, now);
      },
      lunetteDeleteSavedPrescription: async (_root, args, ctx) => {
        const customerId = await requireCustomerId(ctx, deps);
        await ctx.db.transaction(async (tx) => {
          await ownPrescription(tx, customerId, args.uid);
          await deleteSavedPrescription(tx, args.uid);
        });
        return true;
      },
    },
  };
}
