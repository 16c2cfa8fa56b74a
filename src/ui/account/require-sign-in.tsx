import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router-dom';
import { selectIsSignedIn, type SessionSnapshot } from '../../machines/session/session.machine';
import { useSessionActor } from '../app/shop-actor-hooks';

const selectIsSettled = (snapshot: SessionSnapshot) => !snapshot.matches({ auth: 'loading' });

/** Where sign-in sends the shopper back to (spec §2: the originating path is remembered). */
export interface SignInReturn {
  from?: string;
  email?: string;
}

/** Spec §2: a signed-in-only route sends a guest to /sign-in, remembering where they were going. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const session = useSessionActor();
  const settled = useSelector(session, selectIsSettled);
  const signedIn = useSelector(session, selectIsSignedIn);
  const location = useLocation();
  if (!settled) return <p role="status">{intl.formatMessage({ id: 'account.checkingSession', defaultMessage: 'Checking your session…' })}</p>;
  if (!signedIn) return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` } satisfies SignInReturn} />;
  return <>{children}</>;
}
