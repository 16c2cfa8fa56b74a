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

/** Counts one request of `subject`, and forgets this kind's requests older than `forgetBefore`. */
export async function recordRequest(q: Queryable, kind: string, subject: string, now: Date, forgetBefore: Date): Promise<void> {
  await q.query('DELETE FROM throttle_event WHERE kind = $1 AND created_at <= $2', [kind, forgetBefore]);
  await q.query('INSERT INTO throttle_event (kind, subject, created_at) VALUES ($1, $2, $3)', [kind, subject, now]);
}
