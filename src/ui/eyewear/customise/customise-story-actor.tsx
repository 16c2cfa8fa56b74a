import { useMemo } from 'react';
import { createActor, fromCallback, fromPromise, type StateValue } from 'xstate';
import type { CustomiseContext } from '../../../machines/customise/customise-choices';
import { customiseMachine, type CartOutcomeInput, type CustomiseEvent } from '../../../machines/customise/customise.machine';
import type { CartLensChoices, CustomiseInput, FrameSummary, LensProduct, PrescriptionUploadInput, SavedPrescription } from '../../../machines/customise/customise.types';
import { CustomiseWizard } from './customise-page';

/** Effects that never settle: a story shows a state, it does not move on by itself. */
const pending = <TOutput, TInput>() => fromPromise<TOutput, TInput>(() => new Promise<never>(() => {}));

export interface CustomiseStoryState {
  value: StateValue;
  context?: Partial<CustomiseContext>;
  input?: Partial<CustomiseInput>;
}

/** The wizard started from a snapshot (state value + context), for stories and view tests. */
export function CustomiseWizardAt({ value, context, input }: CustomiseStoryState) {
  const actor = useMemo(() => {
    const machine = customiseMachine.provide({
      actors: {
        fetchFrames: pending<FrameSummary[], void>(),
        fetchLensProduct: pending<LensProduct, { urlKey: string }>(),
        fetchSavedPrescriptions: pending<SavedPrescription[], void>(),
        fetchCartLine: pending<CartLensChoices, { itemUid: string }>(),
        cartReady: pending<unknown, void>(),
        cartOutcome: pending<unknown, CartOutcomeInput>(),
        uploadPrescription: fromCallback<CustomiseEvent, PrescriptionUploadInput>(() => undefined),
      },
    });
    const fullInput: CustomiseInput = { urlKey: 'aurora-cat-eye', isSignedIn: false, today: '2026-03-01', ...input };
    // The initial state is transient (it moves on at once): a story of it starts the wizard afresh.
    if (value === customiseMachine.config.initial) return createActor(machine, { input: fullInput }).start();
    const start = createActor(machine, { input: fullInput }).getSnapshot();
    const snapshot = machine.resolveState({ value, context: { ...start.context, ...context } });
    return createActor(machine, { input: fullInput, snapshot }).start();
  }, [value, context, input]);
  return <CustomiseWizard actor={actor} />;
}
