/**
 * app — spec §2 "Other visible pieces", §3 "App", §4 "App", §8 (unhandled errors).
 * systemId: 'app'.
 *
 * Injected by the services (`app.actors.ts`), every one with `.provide()`:
 * - action `logError`: ({ id, error }) => void           (unhandled errors, with their id)
 * - action `reloadPage`: () => void                      (the unhandled-error overlay's "Reload page")
 * - action `navigateToSearch`: ({ query }) => void       (execute search: to /search.html?query=…)
 *
 * Time and randomness: the services' global error handler builds `app.error.unhandled` with
 * `occurredAt` (ms) and `randomLetter`, so the id rule stays here and stays testable.
 * The route machine sends `app.pageLoading.set` while a route resolves. The spec's pending and
 * nextRootComponent (the page being fetched, the page to show next) are the route machine's: see
 * docs/decisions/008-route-machine-owns-the-page.md.
 *
 * The header's search panel is open while `search` is: the machine of what the shopper types there
 * (`searchSuggestions`, its pause before suggestions) runs as this machine's child for as long, so
 * each opening starts with an empty field and closing stops its timer. The panel reads it from this
 * machine's snapshot (`selectSearchSuggestions`): no view starts it.
 *
 * The connectivity notices of spec §2 (the offline/online overlay) are the `connectionNotice`
 * region: this machine is their one home, so "the online handler" and "the offline handler" of
 * spec §4 are its transitions to `backOnline` and `offline`; the back-online notice leaves by its
 * own `after` timer, which tests drive with a simulated clock.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { searchSuggestionsMachine, type SearchSuggestionsActor } from '../search/search-suggestions.machine';
import { toError } from '../shared/effects';

/** How long "You are back online" stays: the toast default timeout of spec §9. */
export const BACK_ONLINE_NOTICE_MS = 5000;

export interface UnhandledErrorRecord {
  id: string;
  error: Error;
}

/** Spec §8: an unhandled error's id is the error class, the seconds value and a random letter. */
export function unhandledErrorId(error: unknown, occurredAt: number, randomLetter: string): string {
  const className = typeof error === 'object' && error !== null ? (error.constructor?.name ?? 'Object') : typeof error;
  return `${className}${Math.floor(occurredAt / 1000)}${randomLetter.charAt(0)}`;
}

export interface AppInput {
  isOnline: boolean;
}

export interface AppContext {
  drawer: string | null;
  hasBeenOffline: boolean;
  unhandledErrors: UnhandledErrorRecord[];
}

export type AppEvent =
  /** Opens the named drawer; the same name again, or null, closes it. */
  | { type: 'app.drawer.toggle'; name: string | null }
  | { type: 'app.drawer.close' }
  | { type: 'app.search.toggle' }
  | { type: 'app.search.close' }
  | { type: 'app.search.execute'; query: string }
  | { type: 'app.online' }
  | { type: 'app.offline' }
  | { type: 'app.error.unhandled'; error: unknown; occurredAt: number; randomLetter: string }
  | { type: 'app.error.markHandled'; id: string }
  /** The shopper asks for a full page load (the unhandled-error overlay). */
  | { type: 'app.page.reload' }
  /** The shopper hides the current connectivity notice. */
  | { type: 'app.connectionNotice.dismiss' }
  | { type: 'app.pageLoading.set'; isLoading: boolean };

export type AppTag = 'drawerOpen' | 'searchOpen' | 'online' | 'offline' | 'offlineNotice' | 'backOnlineNotice' | 'pageLoading';

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    tags: {} as AppTag,
  },
  actors: { searchSuggestions: searchSuggestionsMachine },
  actions: {
    logError: (_, _record: UnhandledErrorRecord) => {},
    navigateToSearch: (_, _params: { query: string }) => {},
    reloadPage: () => {},
    openDrawer: assign((_, params: { name: string }) => ({ drawer: params.name })),
    closeDrawer: assign({ drawer: null }),
    /** Spec §3: kept (with its id from the time and letter the event carries) until marked handled. */
    recordUnhandledError: assign(({ context }, params: { error: unknown; occurredAt: number; randomLetter: string }) => ({
      unhandledErrors: [
        ...context.unhandledErrors,
        { id: unhandledErrorId(params.error, params.occurredAt, params.randomLetter), error: toError(params.error) },
      ],
    })),
    markErrorHandled: assign(({ context }, params: { id: string }) => ({
      unhandledErrors: context.unhandledErrors.filter((record) => record.id !== params.id),
    })),
    noteOffline: assign({ hasBeenOffline: true }),
  },
  guards: {
    closesDrawer: ({ context }, params: { name: string | null }) => params.name === null || params.name === context.drawer,
    hasBeenOffline: ({ context }) => context.hasBeenOffline,
    namesDrawer: (_, params: { name: string | null }) => params.name !== null,
    isFlagOn: (_, params: { on: boolean }) => params.on,
  },
  delays: {
    backOnlineNotice: BACK_ONLINE_NOTICE_MS,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    drawer: null,
    // Starting offline counts as having been offline (spec §4).
    hasBeenOffline: !input.isOnline,
    unhandledErrors: [],
  }),
  type: 'parallel',
  on: {
    'app.error.unhandled': {
      actions: [
        { type: 'recordUnhandledError', params: ({ event }) => ({ error: event.error, occurredAt: event.occurredAt, randomLetter: event.randomLetter }) },
        { type: 'logError', params: ({ context }) => context.unhandledErrors[context.unhandledErrors.length - 1]! },
      ],
    },
    // Spec §3: unhandled errors are kept until marked handled.
    'app.error.markHandled': {
      actions: { type: 'markErrorHandled', params: ({ event }) => ({ id: event.id }) },
    },
    'app.page.reload': { actions: 'reloadPage' },
  },
  states: {
    /** Spec §4: opening the drawer turns the overlay on; closing sets the drawer to null (overlay off). */
    drawer: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'app.drawer.toggle': {
              guard: { type: 'namesDrawer', params: ({ event }) => ({ name: event.name }) },
              target: 'open',
              actions: { type: 'openDrawer', params: ({ event }) => ({ name: event.name ?? '' }) },
            },
          },
        },
        open: {
          tags: ['drawerOpen'],
          on: {
            'app.drawer.toggle': [
              { guard: { type: 'closesDrawer', params: ({ event }) => ({ name: event.name }) }, target: 'closed', actions: 'closeDrawer' },
              { actions: { type: 'openDrawer', params: ({ event }) => ({ name: event.name ?? '' }) } },
            ],
            'app.drawer.close': { target: 'closed', actions: 'closeDrawer' },
          },
        },
      },
    },
    search: {
      initial: 'closed',
      states: {
        closed: { on: { 'app.search.toggle': 'open' } },
        open: {
          tags: ['searchOpen'],
          invoke: { id: 'searchSuggestions', src: 'searchSuggestions' },
          on: {
            'app.search.toggle': 'closed',
            'app.search.close': 'closed',
            'app.search.execute': {
              target: 'closed',
              actions: { type: 'navigateToSearch', params: ({ event }) => ({ query: event.query }) },
            },
          },
        },
      },
    },
    /** Spec §4: going offline sets hasBeenOffline. */
    connection: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'hasBeenOffline', target: 'offline' }, { target: 'online' }],
        },
        online: {
          tags: ['online'],
          on: { 'app.offline': { target: 'offline', actions: 'noteOffline' } },
        },
        offline: {
          tags: ['offline'],
          on: { 'app.online': 'online' },
        },
      },
    },
    /**
     * Spec §4: back online after having been offline, the online handler runs (the back-online
     * notice, which leaves by itself); going offline, the offline handler (the offline notice,
     * kept until the shopper hides it or the connection returns).
     */
    connectionNotice: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'hasBeenOffline', target: 'offline' }, { target: 'none' }],
        },
        none: { on: { 'app.offline': 'offline' } },
        offline: {
          tags: ['offlineNotice'],
          on: { 'app.online': 'backOnline', 'app.connectionNotice.dismiss': 'offlineHidden' },
        },
        offlineHidden: { on: { 'app.online': 'backOnline' } },
        backOnline: {
          tags: ['backOnlineNotice'],
          after: { backOnlineNotice: 'none' },
          on: { 'app.offline': 'offline', 'app.connectionNotice.dismiss': 'none' },
        },
      },
    },
    pageLoading: {
      initial: 'idle',
      states: {
        idle: { on: { 'app.pageLoading.set': { guard: { type: 'isFlagOn', params: ({ event }) => ({ on: event.isLoading }) }, target: 'loading' } } },
        loading: {
          tags: ['pageLoading'],
          on: { 'app.pageLoading.set': { guard: { type: 'isFlagOn', params: ({ event }) => ({ on: !event.isLoading }) }, target: 'idle' } },
        },
      },
    },
  },
});

export type AppSnapshot = SnapshotFrom<typeof appMachine>;

export const selectDrawer = (snapshot: AppSnapshot) => snapshot.context.drawer;
/** Spec §3 overlay: on while a drawer is open. */
export const selectHasOverlay = (snapshot: AppSnapshot) => snapshot.hasTag('drawerOpen');
export const selectIsSearchOpen = (snapshot: AppSnapshot) => snapshot.hasTag('searchOpen');
/** The search panel's machine while the panel is open (its child), else undefined. */
export const selectSearchSuggestions = (snapshot: AppSnapshot): SearchSuggestionsActor | undefined => snapshot.children.searchSuggestions;
export const selectIsOnline = (snapshot: AppSnapshot) => snapshot.hasTag('online');
export const selectHasBeenOffline = (snapshot: AppSnapshot) => snapshot.context.hasBeenOffline;
/** The connectivity notice to show (spec §2 offline/online overlay), or null. */
export const selectConnectionNotice = (snapshot: AppSnapshot): 'offline' | 'backOnline' | null =>
  snapshot.hasTag('offlineNotice') ? 'offline' : snapshot.hasTag('backOnlineNotice') ? 'backOnline' : null;
export const selectIsPageLoading = (snapshot: AppSnapshot) => snapshot.hasTag('pageLoading');
export const selectUnhandledErrors = (snapshot: AppSnapshot) => snapshot.context.unhandledErrors;
