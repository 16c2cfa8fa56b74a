/**
 * prescriptionForm — one prescription being typed in (eyewear notes "Prescription rules"): the values
 * per eye, PD, exam date and lens usage, the fields the shopper has left, and whether every problem
 * shows (after a submit). The saved prescriptions page, the prescription fix page and the lens
 * wizard's prescription step run it as a child; their machines decide what a valid prescription is
 * for (save, fix, lenses for a frame). The rules themselves live in `rules/eyewear/` (ADR 035).
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  checkPrescription,
  draftForUsage,
  setDraftField,
  setPdMode,
  type FrameFacts,
  type LensUsage,
  type PdMode,
  type Prescription,
  type PrescriptionDraft,
  type PrescriptionField,
  type PrescriptionIssues,
} from '../../../rules/eyewear/prescription';

export interface PrescriptionFormInput {
  usage: LensUsage;
  draft: PrescriptionDraft;
  /** YYYY-MM-DD, for the exam-date rule. */
  today: string;
  /** The frame the lenses go in, when there is one (its SPH range applies): the lens wizard's. */
  frame?: FrameFacts | null;
}

export interface PrescriptionFormContext extends PrescriptionFormInput {
  frame: FrameFacts | null;
  /** Fields the shopper has left: their problems show. */
  touched: PrescriptionField[];
}

export type PrescriptionFormEvent =
  | { type: 'prescription.change'; field: PrescriptionField; value: string }
  | { type: 'prescription.leaveField'; field: PrescriptionField }
  | { type: 'prescription.setPdMode'; mode: PdMode }
  /** Keeps what still applies to the new usage (SPH, CYL, AXIS, PD), drops what does not. */
  | { type: 'prescription.setUsage'; usage: LensUsage }
  /** A stored prescription (a saved one picked, a cart line's) replaces what is typed, kept to what applies to the usage. */
  | { type: 'prescription.load'; draft: PrescriptionDraft }
  /** The frame whose limits apply (the lens wizard's frame, once loaded). */
  | { type: 'prescription.setFrame'; frame: FrameFacts | null }
  /** A submit: every problem shows from now on. */
  | { type: 'prescription.showAllIssues' };

export const prescriptionFormMachine = setup({
  types: {
    context: {} as PrescriptionFormContext,
    input: {} as PrescriptionFormInput,
    events: {} as PrescriptionFormEvent,
  },
  actions: {
    change: assign({
      draft: ({ context, event }) => (event.type === 'prescription.change' ? setDraftField(context.draft, event.field, event.value) : context.draft),
    }),
    leaveField: assign({
      touched: ({ context, event }) =>
        event.type !== 'prescription.leaveField' || context.touched.includes(event.field) ? context.touched : [...context.touched, event.field],
    }),
    setPdMode: assign({ draft: ({ context, event }) => (event.type === 'prescription.setPdMode' ? setPdMode(context.draft, event.mode) : context.draft) }),
    setUsage: assign(({ context, event }) =>
      event.type === 'prescription.setUsage' ? { usage: event.usage, draft: draftForUsage(context.draft, event.usage) } : {},
    ),
    load: assign(({ context, event }) => (event.type === 'prescription.load' ? { draft: draftForUsage(event.draft, context.usage), touched: [] } : {})),
    setFrame: assign({ frame: ({ context, event }) => (event.type === 'prescription.setFrame' ? event.frame : context.frame) }),
  },
}).createMachine({
  id: 'prescriptionForm',
  context: ({ input }) => ({ ...input, frame: input.frame ?? null, touched: [] }),
  initial: 'editing',
  on: {
    'prescription.change': { actions: 'change' },
    'prescription.leaveField': { actions: 'leaveField' },
    'prescription.setPdMode': { actions: 'setPdMode' },
    'prescription.setUsage': { actions: 'setUsage' },
    'prescription.load': { actions: 'load' },
    'prescription.setFrame': { actions: 'setFrame' },
    'prescription.showAllIssues': '.checked',
  },
  states: {
    /** Problems show for the fields left. */
    editing: {},
    /** Submitted once: every problem shows, next to its field. */
    checked: {},
  },
});

export type PrescriptionFormActor = ActorRefFrom<typeof prescriptionFormMachine>;
export type PrescriptionFormSnapshot = SnapshotFrom<typeof prescriptionFormMachine>;

const checkOf = (context: PrescriptionFormContext) => checkPrescription(context.draft, { usage: context.usage, today: context.today, frame: context.frame });

/** The valid prescription the form holds, or null while a value needs fixing. */
export function formPrescriptionOf(snapshot: PrescriptionFormSnapshot): Prescription | null {
  return checkOf(snapshot.context).prescription;
}

/** Every problem of the form now. */
export function formIssuesOf(snapshot: PrescriptionFormSnapshot): PrescriptionIssues {
  return checkOf(snapshot.context).issues;
}

/** The problems a view shows: the fields left, or all of them once submitted. */
export function visibleFormIssuesOf(snapshot: PrescriptionFormSnapshot): PrescriptionIssues {
  const issues = formIssuesOf(snapshot);
  if (snapshot.matches('checked')) return issues;
  return Object.fromEntries(Object.entries(issues).filter(([field]) => snapshot.context.touched.includes(field as PrescriptionField)));
}
