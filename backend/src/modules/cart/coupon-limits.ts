import type { Queryable } from '../../db/database';
import { securityOf, type ModuleDeps } from '../../shared/module-deps';
import { allowedAgainAt, recentRequests, recordRequest } from '../../shared/throttle';

/**
 * Magento's words when its coupon code request limiter refuses a code: `CodeRequestLimitException`
 * ("Too many coupon code requests, please try again later."), which `CouponManagement::set` wraps
 * as "The coupon code couldn't be applied: …".
 */
export const COUPON_REQUESTS_LIMITED = "The coupon code couldn't be applied: Too many coupon code requests, please try again later.";

/** What a coupon code is counted against: its cart, and the client's address when the request came over HTTP. */
export interface CouponRequester {
  cartId: number;
  clientAddress: string | undefined;
}

/** The counts that apply, each with its throttle-event kind, subject and limit (a limit of 0 is off). */
function countsOf(deps: ModuleDeps, who: CouponRequester) {
  const settings = securityOf(deps);
  return [
    { kind: 'coupon-cart', subject: String(who.cartId), limit: settings.couponFailedAttemptsPerCart },
    { kind: 'coupon-client', subject: who.clientAddress ?? '', limit: who.clientAddress ? settings.couponFailedAttemptsPerClient : 0 },
  ].filter((count) => count.limit > 0);
}

/**
 * Magento's `CodeLimitManager::checkRequest` (ADR 037): whether a limit was reached is read before
 * this code counts; a code that names no coupon then counts (refused or not, so guessing on while
 * refused keeps the refusal); and once the cart's or the client's failed codes within the window
 * reach their limit, every code is refused, a right one too, so guesses cannot find one.
 * Answers null when this request may go on, else when a code will be taken again (this code
 * counted: the latest of the reached counts' moments); the caller commits the count before refusing.
 */
export async function couponRequestLimited(q: Queryable, deps: ModuleDeps, who: CouponRequester, namesCoupon: boolean): Promise<Date | null> {
  const counts = countsOf(deps, who);
  if (!counts.length) return null;
  const now = deps.clock.now();
  const windowMs = securityOf(deps).couponAttemptsWindowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  const reached = [];
  for (const count of counts) if ((await recentRequests(q, count.kind, count.subject, since)).count >= count.limit) reached.push(count);
  if (!namesCoupon) for (const count of counts) await recordRequest(q, count.kind, count.subject, now, since);
  for (const count of reached) {
    const whose = count.kind === 'coupon-cart' ? `cart ${count.subject}` : `client ${count.subject}`;
    deps.log(
      `[throttle] coupon code refused for ${whose}: ${count.limit} codes naming no coupon within ${securityOf(deps).couponAttemptsWindowMinutes} minutes`,
    );
  }
  let retryAfter: Date | null = null;
  for (const count of reached) {
    const at = (await allowedAgainAt(q, count.kind, count.subject, since, count.limit, windowMs)) ?? now;
    if (!retryAfter || at > retryAfter) retryAfter = at;
  }
  return retryAfter;
}
