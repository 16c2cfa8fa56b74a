import { many, one, type Queryable } from '../../db/database';
import { inputError, noSuchEntityError } from '../../graphql/errors';
import type { Resolvers } from '../../module';
import type { CommerceDeps } from './commerce-deps';
import { requireCustomerId } from './customer-auth';
import { expiryOf, validatePrescription, type Prescription, type PrescriptionInput } from './prescription-rules';
import { randomAlphanumeric } from './secure-tokens';

interface SavedRow {
  id: number;
  uid: string;
  customer_id: number;
  name: string;
  data: Prescription;
  created_at: Date;
  updated_at: Date;
}

/** `LunettePrescription` */
export function prescriptionNode(p: Prescription, now: Date) {
  const expires = expiryOf(p.exam_date);
  return { ...p, expires_on: expires, is_expired: expires < now.toISOString().slice(0, 10) };
}

const savedNode = (row: SavedRow, now: Date) => ({
  uid: row.uid,
  name: row.name,
  prescription: prescriptionNode(row.data, now),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const MAX_NAME_LENGTH = 60;

function nameOf(name: string | null | undefined): string {
  const trimmed = name?.trim() ?? '';
  if (!trimmed) throw inputError('Give the prescription a name, for example "Reading glasses 2026".');
  if (trimmed.length > MAX_NAME_LENGTH) throw inputError(`The prescription name can have at most ${MAX_NAME_LENGTH} characters.`);
  return trimmed;
}

async function ownPrescription(q: Queryable, customerId: number, uid: string): Promise<SavedRow> {
  const row = await one<SavedRow>(q, 'SELECT * FROM saved_prescription WHERE uid = $1 AND customer_id = $2', [uid, customerId]);
  if (!row) throw noSuchEntityError(`Could not find a saved prescription with uid "${uid}"`);
  return row;
}

export async function insertSavedPrescription(q: Queryable, customerId: number, name: string, prescription: Prescription, now: Date): Promise<SavedRow> {
  return (await one<SavedRow>(
    q,
    'INSERT INTO saved_prescription (uid, customer_id, name, data, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING *',
    [randomAlphanumeric(16), customerId, name, JSON.stringify(prescription), now],
  ))!;
}

type SavedInput = { input: { name: string; prescription: PrescriptionInput } };

export function savedPrescriptionResolvers(deps: CommerceDeps): Resolvers {
  return {
    Query: {
      lunetteSavedPrescriptions: async (_root, _args, ctx) => {
        const customerId = await requireCustomerId(ctx, deps);
        const rows = await many<SavedRow>(ctx.db, 'SELECT * FROM saved_prescription WHERE customer_id = $1 ORDER BY id', [customerId]);
        return rows.map((r) => savedNode(r, deps.clock.now()));
      },
    },
    Mutation: {
      lunetteAddSavedPrescription: async (_root, args: SavedInput, ctx) => {
        const customerId = await requireCustomerId(ctx, deps);
        const now = deps.clock.now();
        const name = nameOf(args.input.name);
        const prescription = validatePrescription(args.input.prescription ?? {}, now);
        return savedNode(await ctx.db.transaction((tx) => insertSavedPrescription(tx, customerId, name, prescription, now)), now);
      },
      lunetteUpdateSavedPrescription: async (_root, args: SavedInput & { uid: string }, ctx) => {
        const customerId = await requireCustomerId(ctx, deps);
        const now = deps.clock.now();
        const name = nameOf(args.input.name);
        const prescription = validatePrescription(args.input.prescription ?? {}, now);
        const row = await ctx.db.transaction(async (tx) => {
          await ownPrescription(tx, customerId, args.uid);
          return (await one<SavedRow>(tx, 'UPDATE saved_prescription SET name = $2, data = $3, updated_at = $4 WHERE uid = $1 RETURNING *', [
            args.uid, name, JSON.stringify(prescription), now,
          ]))!;
        });
        return savedNode(row, now);
      },
      lunetteDeleteSavedPrescription: async (_root, args: { uid: string }, ctx) => {
        const customerId = await requireCustomerId(ctx, deps);
        await ctx.db.transaction(async (tx) => {
          await ownPrescription(tx, customerId, args.uid);
          await tx.query('DELETE FROM saved_prescription WHERE uid = $1', [args.uid]);
        });
        return true;
      },
    },
  };
}
