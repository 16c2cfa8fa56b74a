import { useMemo } from 'react';
import { createActor, fromCallback, fromPromise, type Snapshot, type StateValue } from 'xstate';
import type { CartAnswer } from '../src/machines/cart/cart.types';
import type { CartRequestInput } from '../src/machines/customise/cart-outcome';
import { needsPrescription, type CustomiseContext } from '../src/machines/customise/customise-choices';
import { customiseMachine, type CustomiseEvent } from '../src/machines/customise/customise.machine';
import type {
  CartLensChoices,
  CustomiseInput,
  FrameSummary,
  LensProduct,
  PrescriptionUploadInput,
  SavedPrescription,
} from '../src/machines/customise/customise.types';
import type { PrescriptionFormContext } from '../src/machines/prescription/prescription-form.machine';
import type { PrescriptionDraft, PrescriptionField } from '../rules/eyewear/prescription';
import { CustomiseWizard } from '../src/ui/customise/customise-page';

/** Effects that never settle: a story shows a state, it does not move on by itself. */
const pending = <TOutput, TInput>() => fromPromise<TOutput, TInput>(() => new Promise<never>(() => {}));

/** The wizard's `prescriptionForm` child in a story: what was typed, the fields left, and whether every problem shows. */
export interface PrescriptionFormStoryState {
  draft?: PrescriptionDraft;
  touched?: PrescriptionField[];
  /** "Next" was pressed: every problem shows (the form's `checked` state). */
  checked?: boolean;
}

export interface CustomiseStoryState {
  value: StateValue;
  context?: Partial<Omit<CustomiseContext, 'form'>>;
  input?: Partial<CustomiseInput>;
  form?: PrescriptionFormStoryState;
}

/** A wizard snapshot as XState persists it: its form child is kept under its id, with the form's own snapshot. */
interface PersistedWizard {
  value: StateValue;
  context: CustomiseContext;
  children: Record<string, { snapshot: { value: StateValue; context: PrescriptionFormContext } }>;
}

const FORM_ID = 'prescriptionForm';

/**
 * The wizard at a state value with the given context, and its form child with what the story typed
 * (in step with the wizard's usage and frame, as the running wizard keeps it).
 */
function persistedWizardAt(machine: typeof customiseMachine, input: CustomiseInput, { value, context, form }: CustomiseStoryState): Snapshot<unknown> {
  const start = createActor(machine, { input }).getPersistedSnapshot() as unknown as PersistedWizard;
  const wizard = { ...start.context, ...context };
  const formChild = start.children[FORM_ID]!;
  const formContext: PrescriptionFormContext = {
    ...formChild.snapshot.context,
    ...(wizard.usage && needsPrescription(wizard.usage) ? { usage: wizard.usage } : {}),
    frame: wizard.product?.frame ?? null,
    ...(form?.draft ? { draft: form.draft } : {}),
    touched: form?.touched ?? [],
  };
  // Only the form is restored: a story's own state invokes nothing that settles.
  const children = {
    [FORM_ID]: {
      ...formChild,
      snapshot: { ...formChild.snapshot, value: { issues: form?.checked ? 'checked' : 'editing', scan: 'waiting' }, context: formContext },
    },
  };
  return { ...start, value, context: wizard, children } as unknown as Snapshot<unknown>;
}

/** The wizard started from a snapshot (state value + context, and its form's), for the wizard's stories. */
export function CustomiseWizardAt({ value, context, input, form }: CustomiseStoryState) {
  const actor = useMemo(() => {
    const machine = customiseMachine.provide({
      actors: {
        fetchFrames: pending<FrameSummary[], void>(),
        fetchLensProduct: pending<LensProduct, { urlKey: string }>(),
        fetchSavedPrescriptions: pending<SavedPrescription[], void>(),
        fetchCartLine: pending<CartLensChoices, { itemUid: string }>(),
        cartReady: pending<unknown, void>(),
        cartRequest: fromCallback<CartAnswer, CartRequestInput>(() => undefined),
        uploadPrescription: fromCallback<CustomiseEvent, PrescriptionUploadInput>(() => undefined),
      },
    });
    const fullInput: CustomiseInput = { urlKey: 'aurora-cat-eye', isSignedIn: false, today: '2026-03-01', ...input };
    // The initial state is transient (it moves on at once): a story of it starts the wizard afresh.
    if (value === customiseMachine.config.initial) return createActor(machine, { input: fullInput }).start();
    return createActor(machine, { input: fullInput, snapshot: persistedWizardAt(machine, fullInput, { value, context, form }) }).start();
  }, [value, context, input, form]);
  return <CustomiseWizard actor={actor} />;
}
