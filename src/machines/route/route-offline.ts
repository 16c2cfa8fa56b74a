/**
 * What the routed page reads of a route that failed for want of a connection (route.machine.ts,
 * ADR 007): a module of its own, so only the page chunk that shows it carries it.
 */
import { isConnectionFailure } from '../shared/effects';
import type { RouteSnapshot } from './route.machine';

/** ADR 007: the page could not be reached for want of a connection (it is asked again on its own). */
export const selectFailedForConnection = (snapshot: RouteSnapshot) => snapshot.hasTag('error') && isConnectionFailure(snapshot.context.error);
