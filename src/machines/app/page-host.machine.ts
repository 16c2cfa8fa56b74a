/**
 * pageHost — the one owner of the page machines' lives (ADR 009). systemId: 'pages'.
 *
 * A page shown asks for its machine (`pages.entered`, with the page's systemId, its key — what makes
 * it another flow: another frame, another link — and what the URL gives it). The host loads the
 * machine with its live implementations and input through the injected `loadPage` actor (the
 * composition root's registry, `src/app/page-machines.ts`), and spawns it as its child under that
 * systemId, so the page machine is in the shop's actor system and reaches 'cart', 'toast' and
 * 'session' with `sendTo`. The page's view reads the child's ref from this machine's snapshot.
 *
 * The router tells the host which route is shown (`pages.route.entered`): every page machine of
 * another route is stopped there, the try-on's camera with it. The same page asked for again
 * (React's strict mode mounts a page twice, a re-render, a step changing the query) keeps its
 * running machine; another key replaces it.
 *
 * A link's machine (`stays`) lives for the page load instead, and the host keeps one per key: it
 * runs under the systemId `<systemId>:<key>` (`pageIdOf`), beside the machines of the other links,
 * so coming back to a link shows its answer, never a second request.
 */
import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom, type AnyActorLogic, type AnyActorRef, type SnapshotFrom } from 'xstate';

export interface PageRequest {
  /** The page machine's systemId (and its id under the host). */
  systemId: string;
  /** What makes it another flow of the same page (another frame, another link); the same key keeps the running machine. */
  key: string;
  /** The route it belongs to: leaving it stops the machine. */
  pathname: string;
  /** What the URL gives the machine's input (the registry makes the input of it). */
  args?: unknown;
  /** A link's machine: kept for the page load, not stopped when its route is left (ADR 009). */
  stays?: boolean;
}

/** What the registry gives for a request: the machine with its live implementations, and its input. */
export interface LoadedPage {
  logic: AnyActorLogic;
  input: unknown;
}

export interface PageEntry {
  key: string;
  pathname: string;
  stays: boolean;
  /** Loading its code, running, or its code could not load (asking again loads it again). */
  status: 'loading' | 'running' | 'failed';
}

export interface PageHostContext {
  /** By page id (`pageIdOf`): the systemId, or a link's systemId and key. */
  pages: Record<string, PageEntry>;
}

/** The id (and systemId) a page machine runs under: its systemId, or for a link's machine one per key. */
export const pageIdOf = ({ systemId, key, stays = false }: Pick<PageRequest, 'systemId' | 'key' | 'stays'>) => (stays ? `${systemId}:${key}` : systemId);

export type PageHostEvent =
  | { type: 'pages.entered'; page: PageRequest }
  | { type: 'pages.route.entered'; pathname: string }
  | { type: `xstate.done.actor.load.${string}`; actorId: string; output: LoadedPage }
  | { type: `xstate.error.actor.load.${string}`; actorId: string; error: unknown };

const LOADER = 'load.';
const pageIdOfLoader = (actorId: string) => actorId.slice(LOADER.length);

export const pageHostMachine = setup({
  types: {
    context: {} as PageHostContext,
    events: {} as PageHostEvent,
  },
  actors: {
    loadPage: fromPromise<LoadedPage, PageRequest>(() => Promise.reject(new Error('loadPage is not provided'))),
  },
}).createMachine({
  id: 'pageHost',
  context: { pages: {} },
  on: {
    'pages.entered': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const { key, pathname, stays = false } = event.page;
        const pageId = pageIdOf(event.page);
        const known = context.pages[pageId];
        if (known?.key === key && known.status !== 'failed') return;
        if (known) {
          enqueue.stopChild(LOADER + pageId);
          enqueue.stopChild(pageId);
        }
        enqueue.assign({ pages: { ...context.pages, [pageId]: { key, pathname, stays, status: 'loading' } } });
        enqueue.spawnChild('loadPage', { id: LOADER + pageId, input: event.page });
      }),
    },
    'pages.route.entered': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const left = Object.entries(context.pages).filter(([, page]) => !page.stays && page.pathname !== event.pathname);
        if (left.length === 0) return;
        for (const [pageId] of left) {
          enqueue.stopChild(LOADER + pageId);
          enqueue.stopChild(pageId);
        }
        enqueue.assign({ pages: Object.fromEntries(Object.entries(context.pages).filter(([pageId]) => !left.some(([id]) => id === pageId))) });
      }),
    },
    'xstate.done.actor.load.*': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        // A wildcard transition is typed with every event: the loader's answer is the one with an output.
        if (!('output' in event)) return;
        const pageId = pageIdOfLoader(event.actorId);
        const page = context.pages[pageId];
        if (page?.status !== 'loading') return;
        // Logic given at run time: XState's types take an `id` only for the actors setup() names, while
        // its runtime takes one for any logic; the id lets the host stop the child it spawned.
        const spawnPage = enqueue.spawnChild as unknown as (logic: AnyActorLogic, options: { id: string; systemId: string; input: unknown }) => void;
        spawnPage(event.output.logic, { id: pageId, systemId: pageId, input: event.output.input });
        enqueue.assign({ pages: { ...context.pages, [pageId]: { ...page, status: 'running' } } });
      }),
    },
    'xstate.error.actor.load.*': {
      actions: assign(({ context, event }) => {
        if (!('error' in event)) return {};
        const pageId = pageIdOfLoader(event.actorId);
        const page = context.pages[pageId];
        return page ? { pages: { ...context.pages, [pageId]: { ...page, status: 'failed' as const } } } : {};
      }),
    },
  },
});

export type PageHostActor = ActorRefFrom<typeof pageHostMachine>;
export type PageHostSnapshot = SnapshotFrom<typeof pageHostMachine>;

/** The page id of `systemId`'s machine for `key`: a link's, one per key, or the page's one. */
const pageIdIn = (snapshot: PageHostSnapshot, systemId: string, key: string) => {
  const link = pageIdOf({ systemId, key, stays: true });
  return snapshot.context.pages[link] ? link : systemId;
};

/** The running page machine of `systemId` for `key`, or null while it loads (or when another key runs). */
export function selectPageActor(snapshot: PageHostSnapshot, systemId: string, key: string): AnyActorRef | null {
  const pageId = pageIdIn(snapshot, systemId, key);
  const page = snapshot.context.pages[pageId];
  if (page?.key !== key || page.status !== 'running') return null;
  return (snapshot.children as Record<string, AnyActorRef | undefined>)[pageId] ?? null;
}

/** Whether the code of that page machine could not load (offline): the page shows it, and asking again loads it again. */
export const selectPageFailed = (snapshot: PageHostSnapshot, systemId: string, key: string) => {
  const page = snapshot.context.pages[pageIdIn(snapshot, systemId, key)];
  return page?.key === key && page.status === 'failed';
};
