/**
 * linkRequest — the one request behind a page that a link opens (spec §2 routes: `/stock`,
 * `/price`, `/productalert/unsubscribe/...`, `/unsubscribe/{id}/{code?}`,
 * `/abandonedcart/checkout/cart/id/{id}/token/{token}/`).
 *
 * A link acts once: an unsubscribe link works only the first time, a restored cart must not be
 * merged twice. The request runs when the machine starts and never again by itself; only
 * `link.retry`, accepted only after a failure the shopper can retry (the shop could not be reached),
 * sends it anew. An answer, or a refusal that retrying cannot change (a used link, an unknown
 * product), is the end: later events change nothing. The page keeps ONE actor per link in the
 * shop's actor system (ADR 009), so React's strict-mode double mount, a re-render or coming back
 * to the same URL finds the running actor instead of requesting again.
 *
 * Injected by the services (`src/services/alerts/*.actors.ts`, `src/services/abandoned-cart/...`):
 * - actor `request`: ({ attempt }) => { at, answer }; it rejects with a `LinkFailure` (see
 *   `isLinkFailure`) to say whether the link is refused for good or the shopper may try again.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorMessageOf, notProvidedActor } from '../shared/effects';
import { systemActor } from '../shared/system-actor';
import type { ToastEvent, ToastInput } from '../toast/toast.machine';

type ToastAdd = Extract<ToastEvent, { type: 'toast.add' }>;

/**
 * What a link tells the shopper once it has done its work, by the page's choice (`doneToast`): the
 * English `message` and the `messageId` the toast region words it with in the shopper's language
 * (ADR 010, `src/ui/shell/toast-messages.ts`).
 */
export const LINK_DONE_TOASTS = {
  alertSubscribed: { type: 'success', message: 'Your alert is set up.', messageId: 'alerts.toast.subscribed', dismissable: true },
} as const satisfies Record<string, ToastInput>;

export type LinkDoneToast = keyof typeof LINK_DONE_TOASTS;

/** What the request learnt (the product named by the confirmation). */
export interface LinkAnswer {
  productName: string | null;
  productPath: string | null;
}

export interface LinkRequestOutput {
  /** When it answered (ms): the toast's timestamp (ADR 004). */
  at: number;
  answer: LinkAnswer;
}

/**
 * Why the request failed: `refused` for good (`reason` names the page's explanation, e.g.
 * 'badLink'), or `retryable` with the backend's words (`detail`), null when the shop could not
 * be reached at all.
 */
export type LinkFailure = { kind: 'refused'; reason: string } | { kind: 'retryable'; detail: string | null };

export function isLinkFailure(error: unknown): error is LinkFailure {
  if (typeof error !== 'object' || error === null) return false;
  const kind = (error as { kind?: unknown }).kind;
  return kind === 'refused' || kind === 'retryable';
}

export interface LinkRequestInput {
  /** Raised once the link has done its work ("Your alert is set up"); none when absent. */
  doneToast?: LinkDoneToast | null;
}

export interface LinkRequestContext {
  doneToast: LinkDoneToast | null;
  /** 1 for the link's own request, then one more per `link.retry`. */
  attempt: number;
  answer: LinkAnswer | null;
  refusal: string | null;
  /** The last retryable failure's words (null: the shop could not be reached). */
  detail: string | null;
}

export type LinkRequestEvent = { type: 'link.retry' };

export const linkRequestMachine = setup({
  types: { context: {} as LinkRequestContext, events: {} as LinkRequestEvent, input: {} as LinkRequestInput },
  actors: { request: notProvidedActor<LinkRequestOutput, { attempt: number }>('request') },
  guards: {
    isRefusedForGood: (_, params: { error: unknown }) => isLinkFailure(params.error) && params.error.kind === 'refused',
  },
  actions: {
    recordAnswer: assign({ answer: (_, params: { answer: LinkAnswer }) => params.answer }),
    recordRefusal: assign({
      refusal: (_, params: { error: unknown }) => (isLinkFailure(params.error) && params.error.kind === 'refused' ? params.error.reason : null),
    }),
    recordFailure: assign({
      detail: (_, params: { error: unknown }) =>
        isLinkFailure(params.error) ? (params.error.kind === 'retryable' ? params.error.detail : null) : errorMessageOf(params.error),
    }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    raiseDoneToast: enqueueActions(({ context, enqueue }, params: { at: number }) => {
      if (!context.doneToast) return;
      const add: ToastAdd = { type: 'toast.add', toast: LINK_DONE_TOASTS[context.doneToast], timestamp: params.at };
      enqueue.sendTo(({ system }) => systemActor(system, 'toast'), add);
    }),
  },
}).createMachine({
  id: 'linkRequest',
  context: ({ input }) => ({ doneToast: input.doneToast ?? null, attempt: 1, answer: null, refusal: null, detail: null }),
  initial: 'requesting',
  states: {
    requesting: {
      invoke: {
        src: 'request',
        input: ({ context }) => ({ attempt: context.attempt }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'recordAnswer', params: ({ event }) => ({ answer: event.output.answer }) },
            { type: 'raiseDoneToast', params: ({ event }) => ({ at: event.output.at }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isRefusedForGood', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'recordRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** The link did its work: `answer`. Not a final state: the page keeps reading it. */
    done: {},
    /** Refused for good: `refusal` names why; retrying would change nothing. */
    refused: {},
    /** The shopper may try again. */
    failed: {
      on: { 'link.retry': { target: 'requesting', actions: 'countAttempt' } },
    },
  },
});

export type LinkRequestActor = ActorRefFrom<typeof linkRequestMachine>;
export type LinkRequestSnapshot = SnapshotFrom<typeof linkRequestMachine>;

/** Where the link stands, for a view: one narrow value. */
export type LinkOutcome =
  { status: 'requesting' } | { status: 'done'; answer: LinkAnswer } | { status: 'refused'; reason: string } | { status: 'failed'; detail: string | null };

export function selectLinkOutcome(snapshot: LinkRequestSnapshot): LinkOutcome {
  const { answer, refusal, detail } = snapshot.context;
  if (snapshot.matches('done') && answer) return { status: 'done', answer };
  if (snapshot.matches('refused') && refusal) return { status: 'refused', reason: refusal };
  if (snapshot.matches('failed')) return { status: 'failed', detail };
  return { status: 'requesting' };
}

/** Compares outcomes by value, so a view re-renders only when the outcome changes. */
export function sameLinkOutcome(a: LinkOutcome, b: LinkOutcome): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
