import type { SessionSnapshot } from '../../../machines/session/session.machine';

/**
 * Where the session stands for a page that needs to know: still reading the stored token on
 * start, signed in, or signed out (spec §4 User session). Pages wait while it is `unknown` so a
 * signed-in shopper is never bounced to /sign-in during the first moments of a page load.
 */
export type SessionGate = 'unknown' | 'signedIn' | 'signedOut';

export function sessionGateOf(snapshot: SessionSnapshot): SessionGate {
  if (snapshot.hasTag('signedIn')) return 'signedIn';
  if (snapshot.matches({ auth: 'loading' }) || snapshot.hasTag('signingOut')) return 'unknown';
  return 'signedOut';
}
