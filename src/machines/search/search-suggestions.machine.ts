/**
 * searchSuggestions — spec §2 "Other visible pieces" (the header's search panel): what the shopper
 * types, and the term the panel asks suggestions for once the typing pauses. The app machine opens
 * and closes the panel and runs this machine as its child while the panel is open (ADR 009).
 *
 * The pause is a delayed transition (`after`), so tests drive it with a simulated clock.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/** Wait this long after the last keystroke before asking for suggestions. */
export const SUGGESTION_DEBOUNCE_MS = 250;

export interface SearchSuggestionsContext {
  /** The field as typed. */
  text: string;
  /** The trimmed text as it stood when the typing paused: what suggestions are asked for. */
  term: string;
}

export type SearchSuggestionsEvent = { type: 'search.type'; text: string };

export const searchSuggestionsMachine = setup({
  types: {
    context: {} as SearchSuggestionsContext,
    events: {} as SearchSuggestionsEvent,
  },
  actions: {
    keepText: assign((_, params: { text: string }) => ({ text: params.text })),
    settleTerm: assign(({ context }) => ({ term: context.text.trim() })),
  },
  delays: {
    suggestionDebounce: SUGGESTION_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'searchSuggestions',
  context: { text: '', term: '' },
  initial: 'settled',
  states: {
    /** The term stands for what was typed last. */
    settled: {
      on: { 'search.type': { target: 'typing', actions: { type: 'keepText', params: ({ event }) => ({ text: event.text }) } } },
    },
    /** Keys are arriving: each one starts the wait again; when it runs out, the term follows the text. */
    typing: {
      after: { suggestionDebounce: { target: 'settled', actions: 'settleTerm' } },
      on: {
        'search.type': { target: 'typing', reenter: true, actions: { type: 'keepText', params: ({ event }) => ({ text: event.text }) } },
      },
    },
  },
});

export type SearchSuggestionsActor = ActorRefFrom<typeof searchSuggestionsMachine>;
export type SearchSuggestionsSnapshot = SnapshotFrom<typeof searchSuggestionsMachine>;

export const selectSearchText = (snapshot: SearchSuggestionsSnapshot) => snapshot.context.text;
export const selectSearchTerm = (snapshot: SearchSuggestionsSnapshot) => snapshot.context.term;
