import { many, one, type Queryable } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { authorizationError, retryLaterError } from '../../graphql/errors';
import type { ModuleDeps } from '../../shared/module-deps';
import { newOpaqueToken, sha256 } from '../../shared/secure-tokens';

/** Magento's default customer token lifetime (1 hour), the spec's sign-in ttl of 3600 s. */
export const CUSTOMER_TOKEN_LIFETIME_SECONDS = 3600;
/** Sign-in throttling: after this many failures for one email within the window, sign-in is refused for the window. */
export const MAX_SIGN_IN_FAILURES = 5;
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 600;

export const NOT_AUTHORIZED = "The current customer isn't authorized.";
export const SIGN_IN_REFUSED = 'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.';

export async function issueCustomerToken(q: Queryable, customerId: number, now: Date): Promise<string> {
  const token = newOpaqueToken();
  const expires = new Date(now.getTime() + CUSTOMER_TOKEN_LIFETIME_SECONDS * 1000);
  await q.query('INSERT INTO customer_token (token_hash, customer_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    sha256(token),
    customerId,
    now,
    expires,
  ]);
  return token;
}

/** The customer a bearer token belongs to, or null when it is unknown, expired or revoked. */
export async function customerIdOfToken(q: Queryable, token: string, now: Date): Promise<number | null> {
  const row = await one<{ customer_id: number }>(q, 'SELECT customer_id FROM customer_token WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2', [
    sha256(token),
    now,
  ]);
  return row?.customer_id ?? null;
}

export async function revokeToken(q: Queryable, token: string, now: Date): Promise<void> {
  await q.query('UPDATE customer_token SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [sha256(token), now]);
}

export async function revokeAllTokens(q: Queryable, customerId: number, now: Date, except?: string | null): Promise<void> {
  await q.query('UPDATE customer_token SET revoked_at = $2 WHERE customer_id = $1 AND revoked_at IS NULL AND token_hash <> $3', [
    customerId,
    now,
    except ? sha256(except) : '',
  ]);
}

const resolvedCustomer = new WeakMap<RequestContext, Promise<number | null>>();

/**
 * The signed-in customer of a request, or null for a guest. A bad, expired or revoked token counts
 * as a guest here (as in Magento); operations that need a customer use `requireCustomerId`.
 */
export function currentCustomerId(ctx: RequestContext, deps: ModuleDeps): Promise<number | null> {
  let pending = resolvedCustomer.get(ctx);
  if (!pending) {
    pending = ctx.bearerToken ? customerIdOfToken(ctx.db, ctx.bearerToken, deps.clock.now()) : Promise.resolve(null);
    resolvedCustomer.set(ctx, pending);
  }
  return pending;
}

/** Magento's `customerCart` refusals: no customer token, or one its customer revoked (signed out). */
export const LOGGED_IN_ONLY = 'The request is allowed for logged in customer';
export const TOKEN_REVOKED = 'User token has been revoked';

/**
 * The signed-in customer, for operations Magento keeps to customers with its `customerCart` words:
 * a revoked token says so, any other missing customer "is allowed for logged in customer".
 */
export async function requireLoggedInCustomer(ctx: RequestContext, deps: ModuleDeps): Promise<number> {
  const id = await currentCustomerId(ctx, deps);
  if (id !== null) return id;
  if (ctx.bearerToken) {
    const revoked = await one<{ revoked: boolean }>(ctx.db, 'SELECT revoked_at IS NOT NULL AS revoked FROM customer_token WHERE token_hash = $1', [
      sha256(ctx.bearerToken),
    ]);
    if (revoked?.revoked) throw authorizationError(TOKEN_REVOKED);
  }
  throw authorizationError(LOGGED_IN_ONLY);
}

export async function requireCustomerId(ctx: RequestContext, deps: ModuleDeps): Promise<number> {
  const id = await currentCustomerId(ctx, deps);
  if (id === null) throw authorizationError(NOT_AUTHORIZED);
  return id;
}

/**
 * Throws Magento's sign-in refusal while an email has too many recent failures, with the moment the
 * oldest failure that keeps it locked leaves the window (`extensions.retry_after`, ADR 037), so the
 * shopper is told when rather than "later". Failures are counted for every email asked about, known
 * or not, so the lock and its time say nothing of whether an account exists.
 */
export async function assertNotThrottled(q: Queryable, email: string, now: Date): Promise<void> {
  const windowMs = SIGN_IN_FAILURE_WINDOW_SECONDS * 1000;
  const since = new Date(now.getTime() - windowMs);
  const failures = await many<{ failed_at: Date | string }>(
    q,
    'SELECT failed_at FROM customer_login_failure WHERE email = $1 AND failed_at > $2 ORDER BY failed_at DESC',
    [email, since],
  );
  if (failures.length < MAX_SIGN_IN_FAILURES) return;
  const lastCounted = new Date(failures[MAX_SIGN_IN_FAILURES - 1]!.failed_at);
  throw retryLaterError(SIGN_IN_REFUSED, new Date(lastCounted.getTime() + windowMs), 'graphql-authentication');
}

export async function recordSignInFailure(q: Queryable, email: string, now: Date): Promise<void> {
  await q.query('INSERT INTO customer_login_failure (email, failed_at) VALUES ($1, $2)', [email, now]);
}

export async function clearSignInFailures(q: Queryable, email: string): Promise<void> {
  await q.query('DELETE FROM customer_login_failure WHERE email = $1', [email]);
}
