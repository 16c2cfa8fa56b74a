/**
 * The live effects of the app machine (see the header of app.machine.ts).
 *
 * The connectivity notices (spec §2 offline/online overlay) are not effects: the app machine's
 * `connectionNotice` region holds them and the shell shows them, so they have one home.
 */
import type { UnhandledErrorRecord } from '../../machines/app/app.machine';
import { pageLog, type LogWriter } from './log-buffer';

export interface AppDeps {
  /** In-app navigation (the router's navigate), relative to the store's base path. */
  navigate: (path: string) => void;
  /** The composition root's full reload of the current page (default: location.reload()). */
  reloadPage?: () => void;
  /** Where unhandled errors are logged (default: the page's log buffer, which echoes to the console). */
  log?: LogWriter;
}

export const searchPath = (query: string) => `/search.html?query=${encodeURIComponent(query)}`;

const browserReload = () => globalThis.location?.reload();

export function appImplementations(deps: AppDeps) {
  const log = deps.log ?? pageLog.write;
  const reloadPage = deps.reloadPage ?? browserReload;
  return {
    actors: {},
    actions: {
      logError: (_: unknown, record: UnhandledErrorRecord) => log(`Unhandled error ${record.id}:`, record.error),
      navigateToSearch: (_: unknown, params: { query: string }) => deps.navigate(searchPath(params.query)),
      reloadPage: () => reloadPage(),
    },
  };
}
