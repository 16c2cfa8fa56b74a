import { Kind, parse, type ValueNode } from 'graphql';
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { AnswerStamp } from '../module';
import { AnswerCache, type CachedAnswer } from './answer-cache';

/** A query of one stamped root field: which, and how its arguments come from the request's variables. */
interface StampedQuery {
  field: string;
  args(variables: Record<string, unknown>): Record<string, unknown> | null;
}

/** An answer being made that may be kept: its key, stamp and the cache's generation before the stamp was read. */
export interface PrivateCandidate {
  key: string;
  stamp: string;
  generation: number;
}

/** Cache tags a kept private answer carries: any product or store write purges it (ADR 016's purges, ADR 034). */
const PRIVATE_TAGS = ['cat_p', 'store'];
/** Distinct query texts whose shape is remembered (the storefront sends a handful). */
const MAX_SHAPES = 200;

function argumentValue(node: ValueNode, variables: Record<string, unknown>): { value: unknown } | null {
  if (node.kind === Kind.VARIABLE) return { value: variables[node.name.value] };
  if (node.kind === Kind.STRING || node.kind === Kind.ENUM) return { value: node.value };
  if (node.kind === Kind.NULL) return { value: null };
  return null;
}

/**
 * Private answers kept per request (ADR 034): a GET of one stamped root field (a guest's `cart`, a
 * signed-in customer's `cart` or `customerCart`) is kept as the bytes first sent, with the stamp
 * its module read before it was made; it is sent again only after the stamp is read again (one
 * statement, which checks the caller's token too) and is the same, so a change by any process, a
 * sign-out or a token's expiry shows at once. Catalog writes purge them through the answer cache's
 * tags as well. The key is the answer cache's (query, variables, operation, store, currency,
 * origin) and, for a signed-in caller, a hash of their token: each token its own answers.
 */
export class PrivateAnswers {
  readonly cache: AnswerCache;
  private readonly shapes = new Map<string, StampedQuery | null>();

  constructor(
    private readonly db: Queryable,
    private readonly stamps: Readonly<Record<string, AnswerStamp>>,
    options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
  ) {
    this.cache = new AnswerCache({ ttlMs: options.ttlMs ?? 300_000, maxEntries: options.maxEntries ?? 5000, ...(options.now ? { now: options.now } : {}) });
  }

  /** The stamped root field a query asks for alone, or null (parsed once per query text). */
  private shapeOf(query: string): StampedQuery | null {
    if (this.shapes.has(query)) return this.shapes.get(query)!;
    let shape: StampedQuery | null = null;
    try {
      const doc = parse(query, { noLocation: true });
      // One query (the storefront's fragments beside it), whose only root selection is the field.
      const operations = doc.definitions.filter((d) => d.kind !== Kind.FRAGMENT_DEFINITION);
      const op = operations.length === 1 ? operations[0] : undefined;
      const [sel, ...others] = op?.kind === Kind.OPERATION_DEFINITION && op.operation === 'query' ? op.selectionSet.selections : [];
      const field = others.length === 0 && sel?.kind === Kind.FIELD && !sel.directives?.length ? sel : null;
      if (field && Object.hasOwn(this.stamps, field.name.value)) {
        const args = field.arguments ?? [];
        shape = {
          field: field.name.value,
          args: (variables) => {
            const values: Record<string, unknown> = {};
            for (const arg of args) {
              const v = argumentValue(arg.value, variables);
              if (!v) return null;
              values[arg.name.value] = v.value;
            }
            return values;
          },
        };
      }
    } catch {
      shape = null; // not GraphQL: yoga answers it
    }
    if (this.shapes.size >= MAX_SHAPES) this.shapes.delete(this.shapes.keys().next().value as string);
    this.shapes.set(query, shape);
    return shape;
  }

  /** The key of a caller's answer: a signed-in caller's carries a hash of their token. */
  private static keyOf(key: string, bearerToken: string | null): string {
    return bearerToken === null ? key : `${key}\u0000${createHash('sha256').update(bearerToken).digest('base64')}`;
  }

  /** The stamp this request's answer would be kept with, or null when it is not one to keep. */
  private async stampOf(params: URLSearchParams, bearerToken: string | null): Promise<string | null> {
    const shape = this.shapeOf(params.get('query') ?? '');
    if (!shape) return null;
    let variables: unknown = {};
    try {
      variables = JSON.parse(params.get('variables') || '{}');
    } catch {
      return null;
    }
    if (!variables || typeof variables !== 'object' || Array.isArray(variables)) return null;
    const args = shape.args(variables as Record<string, unknown>);
    return args ? this.stamps[shape.field]!(this.db, args, bearerToken) : null;
  }

  /** A kept answer for `key` whose stamp reads the same now, else null (the request is answered as usual). */
  async lookup(key: string, params: URLSearchParams, bearerToken: string | null = null): Promise<CachedAnswer | null> {
    const kept = this.cache.get(PrivateAnswers.keyOf(key, bearerToken));
    if (!kept) return null;
    const stamp = await this.stampOf(params, bearerToken);
    return stamp !== null && stamp === kept.stamp ? kept : null;
  }

  /** Before a request is executed: the stamp to keep its answer with, read before any of its data, or null. */
  async begin(key: string, params: URLSearchParams, bearerToken: string | null = null): Promise<PrivateCandidate | null> {
    if (!this.shapeOf(params.get('query') ?? '')) return null;
    const generation = this.cache.generation;
    const stamp = await this.stampOf(params, bearerToken);
    return stamp === null ? null : { key: PrivateAnswers.keyOf(key, bearerToken), stamp, generation };
  }

  /** Keeps an answer made for `candidate` (status 200, no errors), unless a purge happened meanwhile. */
  keep(candidate: PrivateCandidate, body: Buffer, headers: [string, string][]): boolean {
    return this.cache.set(candidate.key, { body, headers, tags: PRIVATE_TAGS, stamp: candidate.stamp }, candidate.generation);
  }
}
