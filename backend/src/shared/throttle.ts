import { one, type Queryable } from '../db/database';

/**
 * Requests counted per kind and subject (a password reset per email, a coupon guess per cart or
 * client), as Magento's `password_reset_request_event` counts them (ADR 037). Rows older than any
 * window are dropped as new ones come.
 */
export const THROTTLE_TABLE_SQL = `
  CREATE TABLE throttle_event (
    id bigserial PRIMARY KEY,
    kind text NOT NULL,
    subject text NOT NULL,
    created_at timestamptz NOT NULL
  );
  CREATE INDEX throttle_event_subject ON throttle_event (kind, subject, created_at);
`;

/** The requests of `subject` since `since`: how many, and when the oldest of them came. */
export async function recentRequests(q: Queryable, kind: string, subject: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const row = await one<{ count: number; oldest: Date | null }>(
    q,
    'SELECT count(*)::int AS count, min(created_at) AS oldest FROM throttle_event WHERE kind = $1 AND subject = $2 AND created_at > $3',
    [kind, subject, since],
  );
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * When `subject` may ask again: the moment fewer than `limit` of its requests are left within a
 * window of `windowMs` (its `limit`-th newest request, plus the window), or null when fewer are
 * there now. The backend is the one that knows the window, so it tells the time (ADR 037).
 */
export async function allowedAgainAt(q: Queryable, kind: string, subject: string, since: Date, limit: number, windowMs: number): Promise<Date | null> {
  const row = await one<{ created_at: Date }>(
    q,
    'SELECT created_at FROM throttle_event WHERE kind = $1 AND subject = $2 AND created_at > $3 ORDER BY created_at DESC, id DESC OFFSET $4 LIMIT 1',
    [kind, subject, since, limit - 1],
  );
  return row ? new Date(new Date(row.created_at).getTime() + windowMs) : null;
}

/** Counts one request of `subject`, and forgets this kind's requests older than `forgetBefore`. */
export async function recordRequest(q: Queryable, kind: string, subject: string, now: Date, forgetBefore: Date): Promise<void> {
  await q.query('DELETE FROM throttle_event WHERE kind = $1 AND created_at <= $2', [kind, forgetBefore]);
  await q.query('INSERT INTO throttle_event (kind, subject, created_at) VALUES ($1, $2, $3)', [kind, subject, now]);
}
