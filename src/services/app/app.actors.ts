/**
 * The live effects of the app machine (see the header of app.machine.ts). `fetchRootComponent` is
 * left to its default: no root components are registered, so asking for one fails with the spec's
 * 'fetchRootComponent is not defined' (§8).
 */
import type { UnhandledErrorRecord } from '../../machines/app/app.machine';
import type { Notify } from '../toast/toast-notifier';

/** The shopper-facing wording of the connectivity toasts. */
export const CONNECTIVITY_MESSAGES = {
  online: 'You are online.',
  offline: 'You are offline. Some features may be unavailable.',
} as const;

export interface AppDeps {
  notify: Notify;
  /** In-app navigation (the router's navigate), relative to the store's base path. */
  navigate: (path: string) => void;
  log?: (message: string, error: Error) => void;
}

export const searchPath = (query: string) => `/search.html?query=${encodeURIComponent(query)}`;

export function appImplementations(deps: AppDeps) {
  const log = deps.log ?? ((message: string, error: Error) => console.error(message, error));
  return {
    actors: {},
    actions: {
      onOnline: () => deps.notify({ type: 'info', message: CONNECTIVITY_MESSAGES.online, icon: 'cloud', timeout: 5000 }),
      onOffline: () => deps.notify({ type: 'error', message: CONNECTIVITY_MESSAGES.offline, icon: 'cloud-off', dismissable: true, timeout: false }),
      logError: (_: unknown, record: UnhandledErrorRecord) => log(`Unhandled error ${record.id}:`, record.error),
      navigateToSearch: (_: unknown, params: { query: string }) => deps.navigate(searchPath(params.query)),
    },
  };
}
