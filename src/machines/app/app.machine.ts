/**
 * app — spec §2 "Other visible pieces", §3 "App", §4 "App", §8 (unhandled errors, fetchRootComponent).
 * systemId: 'app'.
 *
 * Injected by the services (`app.actors.ts`), every one with `.provide()`:
 * - actor `fetchRootComponent`: ({ type }) => unknown   (default rejects with 'fetchRootComponent is not defined')
 * - action `onOnline`: () => void                        (back online after having been offline, e.g. a toast)
 * - action `onOffline`: () => void                       (gone offline)
 * - action `logError`: ({ id, error }) => void           (unhandled errors, with their id)
 * - action `navigateToSearch`: ({ query }) => void       (execute search: to /search.html?query=…)
 *
 * Time and randomness: the services' global error handler builds `app.error.unhandled` with
 * `occurredAt` (ms) and `randomLetter`, so the id rule stays here and stays testable.
 * The route machine sends `app.pageLoading.set` while a route resolves.
 */
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { toError } from '../shared/effects';

export const FETCH_ROOT_COMPONENT_NOT_DEFINED = 'fetchRootComponent is not defined';

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
  /** The root component type being fetched (spec §3 pending). */
  pending: string | null;
  nextRootComponent: unknown;
  rootComponentError: Error | null;
  unhandledErrors: UnhandledErrorRecord[];
}

export type AppEvent =
  /** Opens the named drawer; the same name again, or null, closes it. */
  | { type: 'app.drawer.toggle'; name: string | null }
  | { type: 'app.drawer.close' }
  | { type: 'app.search.toggle' }
  | { type: 'app.search.execute'; query: string }
  | { type: 'app.online' }
  | { type: 'app.offline' }
  | { type: 'app.error.unhandled'; error: unknown; occurredAt: number; randomLetter: string }
  | { type: 'app.error.markHandled'; id: string }
  | { type: 'app.pageLoading.set'; isLoading: boolean }
  | { type: 'app.rootComponent.fetch'; componentType: string };

export type AppTag = 'drawerOpen' | 'searchOpen' | 'online' | 'offline' | 'pageLoading' | 'fetchingRootComponent';

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    tags: {} as AppTag,
  },
  actors: {
    fetchRootComponent: fromPromise<unknown, { type: string }>(async () => {
      throw new Error(FETCH_ROOT_COMPONENT_NOT_DEFINED);
    }),
  },
  actions: {
    onOnline: () => {},
    onOffline: () => {},
    logError: (_, _record: UnhandledErrorRecord) => {},
    navigateToSearch: (_, _params: { query: string }) => {},
    openDrawer: assign((_, params: { name: string }) => ({ drawer: params.name })),
    closeDrawer: assign({ drawer: null }),
  },
  guards: {
    closesDrawer: ({ context }, params: { name: string | null }) => params.name === null || params.name === context.drawer,
    hasBeenOffline: ({ context }) => context.hasBeenOffline,
    namesDrawer: (_, params: { name: string | null }) => params.name !== null,
    isFlagOn: (_, params: { on: boolean }) => params.on,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    drawer: null,
    // Starting offline counts as having been offline (spec §4).
    hasBeenOffline: !input.isOnline,
    pending: null,
    nextRootComponent: null,
    rootComponentError: null,
    unhandledErrors: [],
  }),
  type: 'parallel',
  on: {
    'app.error.unhandled': {
      actions: [
        assign(({ context, event }) => ({
          unhandledErrors: [...context.unhandledErrors, { id: unhandledErrorId(event.error, event.occurredAt, event.randomLetter), error: toError(event.error) }],
        })),
        { type: 'logError', params: ({ context }) => context.unhandledErrors[context.unhandledErrors.length - 1]! },
      ],
    },
    // Spec §3: unhandled errors are kept until marked handled.
    'app.error.markHandled': {
      actions: assign(({ context, event }) => ({ unhandledErrors: context.unhandledErrors.filter((record) => record.id !== event.id) })),
    },
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
          on: {
            'app.search.toggle': 'closed',
            'app.search.execute': {
              target: 'closed',
              actions: { type: 'navigateToSearch', params: ({ event }) => ({ query: event.query }) },
            },
          },
        },
      },
    },
    /** Spec §4: going offline sets hasBeenOffline; back online after that runs the online handler. */
    connection: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'hasBeenOffline', target: 'offline' }, { target: 'online' }],
        },
        online: {
          tags: ['online'],
          on: { 'app.offline': { target: 'offline', actions: [assign({ hasBeenOffline: true }), 'onOffline'] } },
        },
        offline: {
          tags: ['offline'],
          on: {
            // Being here means having been offline: the online handler runs.
            'app.online': { target: 'online', actions: 'onOnline' },
          },
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
    rootComponent: {
      initial: 'idle',
      on: {
        'app.rootComponent.fetch': {
          target: '.fetching',
          actions: assign(({ event }) => ({ pending: event.componentType, rootComponentError: null })),
        },
      },
      states: {
        idle: {},
        fetching: {
          tags: ['fetchingRootComponent'],
          invoke: {
            src: 'fetchRootComponent',
            input: ({ event }) => {
              assertEvent(event, 'app.rootComponent.fetch');
              return { type: event.componentType };
            },
            onDone: { target: 'ready', actions: assign(({ event }) => ({ nextRootComponent: event.output, pending: null })) },
            onError: { target: 'failed', actions: assign(({ event }) => ({ rootComponentError: toError(event.error), pending: null })) },
          },
        },
        ready: {},
        failed: {},
      },
    },
  },
});

export type AppSnapshot = SnapshotFrom<typeof appMachine>;

export const selectDrawer = (snapshot: AppSnapshot) => snapshot.context.drawer;
/** Spec §3 overlay: on while a drawer is open. */
export const selectHasOverlay = (snapshot: AppSnapshot) => snapshot.hasTag('drawerOpen');
export const selectIsSearchOpen = (snapshot: AppSnapshot) => snapshot.hasTag('searchOpen');
export const selectIsOnline = (snapshot: AppSnapshot) => snapshot.hasTag('online');
export const selectHasBeenOffline = (snapshot: AppSnapshot) => snapshot.context.hasBeenOffline;
export const selectIsPageLoading = (snapshot: AppSnapshot) => snapshot.hasTag('pageLoading');
export const selectPending = (snapshot: AppSnapshot) => snapshot.context.pending;
export const selectNextRootComponent = (snapshot: AppSnapshot) => snapshot.context.nextRootComponent;
export const selectRootComponentError = (snapshot: AppSnapshot) => snapshot.context.rootComponentError;
export const selectUnhandledErrors = (snapshot: AppSnapshot) => snapshot.context.unhandledErrors;
