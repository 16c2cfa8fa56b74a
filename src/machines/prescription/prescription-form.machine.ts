/**
 * prescriptionForm — one prescription being typed in (eyewear notes "Prescription rules"): the values
 * per eye, PD, exam date and lens usage, the fields the shopper has left, and whether every problem
 * shows (after a submit). The saved prescriptions page, the prescription fix page and the lens
 * wizard's prescription step run it as a child; their machines decide what a valid prescription is
 * for (save, fix, lenses for a frame). The rules themselves live in `rules/eyewear/` (ADR 035).
 *
 * "Scan your prescription": the form runs the scan (`prescriptionScan`) as its child. A reading fills
 * the fields it read (asking first when something was typed: "Replace what you typed?") and marks
 * the fields to check: those the reader is unsure of and those the rules refuse (shown with the rule's
 * message, never filled silently). A mark goes when the shopper edits the field or confirms the values
 * match the paper; while one remains the form holds no valid prescription, so nothing is saved or added.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PrescriptionReading } from '../prescription-scan/prescription-reading';
import { prescriptionScanMachine, type PrescriptionScanActor } from '../prescription-scan/prescription-scan.machine';
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
  /** Fields a scan filled that the shopper has to check (unsure, or refused by the rules). */
  toCheck: PrescriptionField[];
  /** A reading waiting for "Replace what you typed?" (only in `scan.askingReplace`). */
  pendingReading: PrescriptionReading | null;
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
  | { type: 'prescription.showAllIssues' }
  /** The scan child's answer: what it read off the photo. */
  | { type: 'prescription.scanRead'; reading: PrescriptionReading }
  /** "Replace what you typed?": yes, or keep what was typed (the reading is dropped). */
  | { type: 'prescription.replaceWithScan' }
  | { type: 'prescription.keepTyped' }
  /** "These values match my paper": every mark of the scan goes. */
  | { type: 'prescription.confirmScanned' };

/** Some field holds a value (the PD mode and kind are not typed values). */
function hasTypedValues(draft: PrescriptionDraft): boolean {
  const eyeValues = (['od', 'os'] as const).flatMap((eye) => Object.values(draft[eye]));
  return [...eyeValues, draft.pd, draft.pdRight, draft.pdLeft, draft.examDate].some((value) => value.trim() !== '');
}

function fieldText(draft: PrescriptionDraft, field: PrescriptionField): string {
  const [first, second] = field.split('.') as [string, keyof PrescriptionDraft['od'] | undefined];
  if (second && (first === 'od' || first === 'os')) return draft[first][second];
  if (field === 'pd' || field === 'pdRight' || field === 'pdLeft' || field === 'examDate') return draft[field];
  return '';
}

/**
 * The form after a reading: the fields read replace what was there (the others stay), kept to what
 * applies to the usage; marked are the fields the reader is unsure of and those the rules refuse, and
 * the refused ones show their message at once.
 */
export function applyReading(context: PrescriptionFormContext, reading: PrescriptionReading): Pick<PrescriptionFormContext, 'draft' | 'toCheck' | 'touched'> {
  const read = reading.read.filter((field): field is Exclude<PrescriptionField, 'kind'> => field !== 'kind');
  const dual = read.includes('pdRight') || read.includes('pdLeft');
  let draft = dual ? setPdMode(context.draft, 'dual') : read.includes('pd') ? setPdMode(context.draft, 'single') : context.draft;
  for (const field of read) draft = setDraftField(draft, field, fieldText(reading.draft, field));
  draft = draftForUsage(draft, context.usage);
  const kept = read.filter((field) => fieldText(draft, field) !== '');
  const issues = checkPrescription(draft, { usage: context.usage, today: context.today, frame: context.frame }).issues;
  const refused = kept.filter((field) => issues[field] !== undefined);
  const unsure = reading.unsure.filter((field) => (kept as PrescriptionField[]).includes(field));
  const toCheck = [...new Set([...unsure, ...refused])];
  return { draft, toCheck, touched: [...new Set([...context.touched, ...refused])] };
}

export const prescriptionFormMachine = setup({
  types: {
    context: {} as PrescriptionFormContext,
    input: {} as PrescriptionFormInput,
    events: {} as PrescriptionFormEvent,
  },
  actors: {
    prescriptionScan: prescriptionScanMachine,
  },
  guards: {
    hasTypedValues: ({ context }) => hasTypedValues(context.draft),
  },
  actions: {
    /** Typing a field clears its scan mark: the shopper has looked at it. */
    change: assign(({ context, event }) =>
      event.type === 'prescription.change'
        ? { draft: setDraftField(context.draft, event.field, event.value), toCheck: context.toCheck.filter((field) => field !== event.field) }
        : {},
    ),
    leaveField: assign({
      touched: ({ context, event }) =>
        event.type !== 'prescription.leaveField' || context.touched.includes(event.field) ? context.touched : [...context.touched, event.field],
    }),
    setPdMode: assign({ draft: ({ context, event }) => (event.type === 'prescription.setPdMode' ? setPdMode(context.draft, event.mode) : context.draft) }),
    setUsage: assign(({ context, event }) =>
      event.type === 'prescription.setUsage' ? { usage: event.usage, draft: draftForUsage(context.draft, event.usage) } : {},
    ),
    load: assign(({ context, event }) =>
      event.type === 'prescription.load' ? { draft: draftForUsage(event.draft, context.usage), touched: [], toCheck: [] } : {},
    ),
    holdReading: assign((_, params: { reading: PrescriptionReading }) => ({ pendingReading: params.reading })),
    dropReading: assign({ pendingReading: null }),
    fillFromReading: assign(({ context }, params: { reading: PrescriptionReading | null }) =>
      params.reading ? { ...applyReading(context, params.reading), pendingReading: null } : { pendingReading: null },
    ),
    confirmScanned: assign({ toCheck: [] }),
    setFrame: assign({ frame: ({ context, event }) => (event.type === 'prescription.setFrame' ? event.frame : context.frame) }),
  },
}).createMachine({
  id: 'prescriptionForm',
  context: ({ input }) => ({ ...input, frame: input.frame ?? null, touched: [], toCheck: [], pendingReading: null }),
  type: 'parallel',
  invoke: { id: 'scan', src: 'prescriptionScan' },
  on: {
    'prescription.change': { actions: 'change' },
    'prescription.leaveField': { actions: 'leaveField' },
    'prescription.setPdMode': { actions: 'setPdMode' },
    'prescription.setUsage': { actions: 'setUsage' },
    'prescription.load': { actions: 'load' },
    'prescription.setFrame': { actions: 'setFrame' },
    'prescription.confirmScanned': { actions: 'confirmScanned' },
  },
  states: {
    issues: {
      initial: 'editing',
      on: { 'prescription.showAllIssues': '.checked' },
      states: {
        /** Problems show for the fields left. */
        editing: {},
        /** Submitted once: every problem shows, next to its field. */
        checked: {},
      },
    },
    scan: {
      initial: 'waiting',
      states: {
        /** No reading to take (the scan may be open: its own states). */
        waiting: {
          on: {
            'prescription.scanRead': [
              { guard: 'hasTypedValues', target: 'askingReplace', actions: { type: 'holdReading', params: ({ event }) => ({ reading: event.reading }) } },
              { actions: { type: 'fillFromReading', params: ({ event }) => ({ reading: event.reading }) } },
            ],
          },
        },
        /** Something was typed: "Replace what you typed?" before the reading fills the form. */
        askingReplace: {
          on: {
            'prescription.replaceWithScan': {
              target: 'waiting',
              actions: { type: 'fillFromReading', params: ({ context }) => ({ reading: context.pendingReading }) },
            },
            'prescription.keepTyped': { target: 'waiting', actions: 'dropReading' },
            'prescription.load': { target: 'waiting', actions: 'dropReading' },
          },
        },
      },
    },
  },
});

export type PrescriptionFormActor = ActorRefFrom<typeof prescriptionFormMachine>;
export type PrescriptionFormSnapshot = SnapshotFrom<typeof prescriptionFormMachine>;

const checkOf = (context: PrescriptionFormContext) => checkPrescription(context.draft, { usage: context.usage, today: context.today, frame: context.frame });

/**
 * The valid prescription the form holds, or null while a value needs fixing or a scanned value is
 * still to be checked (nothing is saved or added before the shopper confirms it).
 */
export function formPrescriptionOf(snapshot: PrescriptionFormSnapshot): Prescription | null {
  if (snapshot.context.toCheck.length > 0) return null;
  return checkOf(snapshot.context).prescription;
}

/** Every problem shows (after a submit). */
export const formIsChecked = (snapshot: PrescriptionFormSnapshot) => snapshot.matches({ issues: 'checked' });

/** The form's scan, for the scan button and sheet. */
export const scanOf = (snapshot: PrescriptionFormSnapshot) => snapshot.children.scan as PrescriptionScanActor | undefined;

/** Every problem of the form now. */
export function formIssuesOf(snapshot: PrescriptionFormSnapshot): PrescriptionIssues {
  return checkOf(snapshot.context).issues;
}

/** The problems a view shows: the fields left, or all of them once submitted. */
export function visibleFormIssuesOf(snapshot: PrescriptionFormSnapshot): PrescriptionIssues {
  const issues = formIssuesOf(snapshot);
  if (formIsChecked(snapshot)) return issues;
  return Object.fromEntries(Object.entries(issues).filter(([field]) => snapshot.context.touched.includes(field as PrescriptionField)));
}
