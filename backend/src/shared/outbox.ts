import { whenCommitted, type Queryable } from '../db/database';
import type { ModuleDeps } from './module-deps';

/** There is no mail server: the mail goes to the `outbox` table (the developer reads it there) and to the log. */
export async function queueMail(
  q: Queryable,
  deps: ModuleDeps,
  mail: { recipient: string; subject: string; body: string; link?: string; now: Date },
): Promise<void> {
  await q.query('INSERT INTO outbox (recipient, subject, body, link, created_at) VALUES ($1, $2, $3, $4, $5)', [
    mail.recipient,
    mail.subject,
    mail.body,
    mail.link ?? null,
    mail.now,
  ]);
  // Logged once the mail's transaction commits: never for a rolled back one, once for one run again.
  whenCommitted(q, () => deps.log(`[outbox] to ${mail.recipient}: ${mail.subject}${mail.link ? ` ${mail.link}` : ''}`));
}
