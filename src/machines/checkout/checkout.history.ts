/**
 * checkout — its steps as browser history entries (ADR 008, ADR 032's regions name these): each step's
 * entry shows it in the URL; Back and Forward (`checkout.history.step`) open a step whose values
 * are accepted, everything kept, as "Change …" does; any other is put back in the URL, in place.
 */
import { stepEntryOf, type StepMove } from '../shared/step-history';
import { CHECKOUT_STEPS, type CheckoutContext, type CheckoutStep } from './checkout.context';

/** A step's entry: the URL shows it (pushed, or in place of the first entry). */
export function recordStep(step: CheckoutStep) {
  return [
    { type: 'showStep' as const, params: ({ context }: { context: CheckoutContext }) => stepEntryOf(context.history, step).move },
    { type: 'noteStepShown' as const, params: { step } },
  ];
}

/** The URL put back to the checkout's step, in place of the entry it cannot open. */
export function putBackStep() {
  return {
    actions: [
      {
        type: 'showStep' as const,
        params: ({ context }: { context: CheckoutContext }): StepMove<CheckoutStep> | null =>
          context.history.shown === null ? null : { step: context.history.shown, replace: true },
      },
      'notePutBack' as const,
    ],
  };
}

/** Back and Forward between the steps: a step that can open opens with everything kept; any other puts the URL back. */
export function historyMoves() {
  return [
    { guard: 'historyShowsCurrent' as const },
    ...CHECKOUT_STEPS.map((step) => ({
      guard: { type: 'historyOpens' as const, params: { step } },
      target: `#checkout.${step}` as const,
      actions: { type: 'followHistory' as const, params: { step } },
    })),
    putBackStep(),
  ];
}

/** A reload (the URL named a step): that step when it can open, else where the checkout resumes. */
export function resumeAtRequestedStep() {
  return CHECKOUT_STEPS.map((step) => ({ guard: { type: 'resumesAt' as const, params: { step } }, target: step }));
}
