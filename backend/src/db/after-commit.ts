import type { Queryable } from './database-types';

/**
 * Runs `effect` when what `q` wrote is visible to others: after the transaction `q` belongs to
 * commits (not at all if it rolls back), at once when `q` is the database itself. For what must not
 * tell the world about a write that may still be undone: answer-cache purges, mail logs (ADR 016).
 */
export function whenCommitted(q: Queryable, effect: () => void): void {
  if (q.afterCommit) q.afterCommit(effect);
  else effect();
}

/** A transaction's queued effects, run after its commit; one failing does not stop the others. */
export function runCommitted(effects: readonly (() => void)[]): void {
  for (const effect of effects) {
    try {
      effect();
    } catch (error) {
      console.error(`after commit: ${(error as Error).message}`);
    }
  }
}
