/**
 * A flow's steps as browser history entries (ADR 008, amended 2026-12-02): the lens wizard and the
 * checkout show their step in the URL (`?step=…`). Entering a step pushes an entry; Back and Forward
 * come back as an event the machine takes only for a step it can open; a reload starts at the
 * URL's step, or the furthest step open before it.
 *
 * What the URL shows is the machine's own record (`StepHistory`): a step entered because the URL
 * already shows it (Back, Forward, a reload) changes nothing; the first step a machine enters, and
 * one it falls back to, replaces the entry instead of adding one, so Back from the first step
 * leaves the flow and a refused step leaves no entry behind. No window here: the machine asks its
 * injected `showStep` action to change the URL.
 */

/** The URL's search parameter that names the step. */
export const STEP_PARAM = 'step';

export interface StepHistory<S extends string> {
  /** The step the URL shows, as far as the machine knows (null: none yet). */
  shown: S | null;
  /** The next step entered replaces the URL's entry (the first one, or one fallen back to). */
  replaceNext: boolean;
}

/** The URL change a machine asks for: show `step`, in a new entry or in place of the current one. */
export interface StepMove<S extends string> {
  step: S;
  replace: boolean;
}

/** A flow (re)starting: the URL shows `shown` (a reload's step, or none), and the first step entered replaces it. */
export const startStepHistory = <S extends string>(shown: S | null): StepHistory<S> => ({ shown, replaceNext: true });

/** Back or Forward brought the URL to `step`: the machine follows, and the URL already shows it. */
export const followedStepHistory = <S extends string>(step: S): StepHistory<S> => ({ shown: step, replaceNext: false });

/** The step is not open (Forward past what is chosen): the URL is put back to the step shown, in place. */
export const putBackStepHistory = <S extends string>(history: StepHistory<S>): StepHistory<S> => ({ ...history, replaceNext: true });

/** Entering `step`: the history record after it, and the URL change it needs (none when the URL shows it already). */
export function stepEntryOf<S extends string>(history: StepHistory<S>, step: S): { history: StepHistory<S>; move: StepMove<S> | null } {
  const move = history.shown === step ? null : { step, replace: history.replaceNext };
  return { history: { shown: step, replaceNext: false }, move };
}

/** The step a URL's search names, when it is one of `steps`. */
export function stepOfSearch<S extends string>(search: URLSearchParams, steps: readonly S[]): S | null {
  const value = search.get(STEP_PARAM);
  return value !== null && (steps as readonly string[]).includes(value) ? (value as S) : null;
}

/** The search with its step set to `step`, every other parameter kept (a frame's colour, the cart line edited). */
export function searchWithStep(search: string, step: string): string {
  const params = new URLSearchParams(search);
  params.set(STEP_PARAM, step);
  return `?${params.toString()}`;
}
