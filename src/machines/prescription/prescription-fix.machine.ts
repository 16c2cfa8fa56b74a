/**
 * prescriptionFix — `/prescriptionfix/{order_id}/{key_fix?}` (spec §2, public): the single-use link
 * of the order email opens the order's lines, each frame with its current prescription; the shopper
 * picks the line to correct (straight away when only one line can be), corrects it in the
 * `prescriptionForm` child and sends it once (ADR 041: a line is corrected once; the link stays open
 * while another line is left). A missing, wrong or used link says so; a failed send keeps every value.
 *
 * Injected by the services (`src/services/customise/prescription-pages.actors.ts`):
 * - actor `fetchFixOrder`: ({ orderNumber, key }) => PrescriptionFixOrder   (rejects with the backend's words)
 * - actor `fixPrescription`: ({ orderNumber, key, lineUid, prescription, comment }) => FixedLine
 */
import { assign, enqueueActions, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorMessageOf, notProvidedActor } from '../shared/effects';
import { formPrescriptionOf, prescriptionFormMachine, type PrescriptionFormActor } from './prescription-form.machine';
import {
  draftOfPrescription,
  emptyPrescriptionDraft,
  payloadOf,
  type LensUsage,
  type PrescriptionDraft,
  type PrescriptionPayload,
} from '../../../rules/eyewear/prescription';

/** An order line as the fix link shows it: its frame and options, and the prescription it carries now. */
export interface PrescriptionFixLine {
  /** The order line's uid, as the backend answers it: the line a fix names. */
  uid: string;
  name: string;
  sku: string;
  /** Colour, size and lens choices, as ordered. */
  options: { label: string; value: string }[];
  prescription: string | null;
  /** When the line was corrected through the link (a line is corrected once), else null. */
  correctedAt: string | null;
}

export interface PrescriptionFixOrder {
  orderNumber: string;
  /** YYYY-MM-DD */
  orderDate: string;
  items: PrescriptionFixLine[];
}

/** What the backend answers for a corrected line. */
export interface FixedLine {
  orderNumber: string;
  lineUid: string;
  /** Another line carrying a prescription is left to correct with the same link. */
  linkOpen: boolean;
}

export interface PrescriptionFixInput {
  orderNumber: string;
  key: string;
  today: string;
}

export interface FixPrescriptionInput {
  orderNumber: string;
  key: string;
  lineUid: string;
  prescription: PrescriptionPayload;
  comment: string | null;
}

export interface PrescriptionFixContext extends PrescriptionFixInput {
  order: PrescriptionFixOrder | null;
  /** The line being corrected (its uid), while the form is open. */
  lineUid: string | null;
  form: PrescriptionFormActor | null;
  comment: string;
  /** Why the link opens nothing, or why the send failed (the backend's words). */
  error: string | null;
  /** The line the last send corrected, as the backend answered. */
  fixed: FixedLine | null;
}

export type PrescriptionFixEvent =
  | { type: 'prescriptionFix.chooseLine'; uid: string }
  | { type: 'prescriptionFix.chooseAnother' }
  | { type: 'prescriptionFix.setComment'; comment: string }
  | { type: 'prescriptionFix.submit' };

/** The lines the link can still correct: those carrying a prescription, not corrected yet. */
export const correctableLinesOf = (order: PrescriptionFixOrder | null) => order?.items.filter((i) => i.prescription !== null && i.correctedAt === null) ?? [];

/** The prescription an order line was bought with, as a draft to start from (when it was typed in). */
export function startingPointOf(line: PrescriptionFixLine): { usage: LensUsage; draft: PrescriptionDraft } {
  try {
    const parsed = JSON.parse(line.prescription ?? '') as { usage?: LensUsage; exam_date?: string; od?: never; os?: never; pd?: never };
    if (parsed.od && parsed.os && parsed.pd) {
      const usage = parsed.usage && parsed.usage !== 'NON_PRESCRIPTION' ? parsed.usage : 'SINGLE_VISION_DISTANCE';
      return { usage, draft: draftOfPrescription({ examDate: parsed.exam_date ?? '', od: parsed.od, os: parsed.os, pd: parsed.pd }) };
    }
  } catch {
    // A note ("to follow", a file name): start from an empty form.
  }
  return { usage: 'SINGLE_VISION_DISTANCE', draft: emptyPrescriptionDraft() };
}

const validPrescriptionOf = (context: PrescriptionFixContext) => (context.form ? formPrescriptionOf(context.form.getSnapshot()) : null);

export const prescriptionFixMachine = setup({
  types: {
    context: {} as PrescriptionFixContext,
    input: {} as PrescriptionFixInput,
    events: {} as PrescriptionFixEvent,
  },
  actors: {
    prescriptionForm: prescriptionFormMachine,
    fetchFixOrder: notProvidedActor<PrescriptionFixOrder, { orderNumber: string; key: string }>('fetchFixOrder'),
    fixPrescription: notProvidedActor<FixedLine, FixPrescriptionInput>('fixPrescription'),
  },
  guards: {
    hasKey: ({ context }) => context.key !== '',
    prescriptionValid: ({ context }) => validPrescriptionOf(context) !== null,
    oneLineToCorrect: ({ context }) => correctableLinesOf(context.order).length === 1,
    lineCorrectable: ({ context }, params: { uid: string }) => correctableLinesOf(context.order).some((l) => l.uid === params.uid),
    linkOpen: ({ context }) => context.fixed?.linkOpen === true,
  },
  actions: {
    showAllIssues: sendTo(({ context }) => context.form as PrescriptionFormActor, { type: 'prescription.showAllIssues' }),
    rememberOrder: assign((_, params: { order: PrescriptionFixOrder }) => ({ order: params.order })),
    /** The chosen line's prescription in the form, where it can be corrected; another line's form is dropped. */
    openLine: enqueueActions(({ context, enqueue }, params: { uid: string }) => {
      if (context.form) enqueue.stopChild(context.form);
      const line = context.order!.items.find((l) => l.uid === params.uid)!;
      enqueue.assign(({ spawn }) => ({
        lineUid: line.uid,
        comment: '',
        error: null,
        form: spawn('prescriptionForm', { input: { ...startingPointOf(line), today: context.today } }),
      }));
    }),
    setComment: assign((_, params: { comment: string }) => ({ comment: params.comment })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: errorMessageOf(params.error) })),
    clearError: assign({ error: null }),
    rememberFixed: assign((_, params: { fixed: FixedLine }) => ({ fixed: params.fixed })),
    /** Back to the order's lines, to be read again from the backend (the line just corrected is no longer offered). */
    closeLine: enqueueActions(({ context, enqueue }) => {
      if (context.form) enqueue.stopChild(context.form);
      enqueue.assign({ lineUid: null, form: null, comment: '', error: null });
    }),
  },
}).createMachine({
  id: 'prescriptionFix',
  context: ({ input }) => ({ ...input, order: null, lineUid: null, form: null, comment: '', error: null, fixed: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasKey', target: 'loading' }, { target: 'missingKey' }],
    },
    /** The link lacks its key: nothing to ask the backend. */
    missingKey: {},
    loading: {
      invoke: {
        id: 'fetchFixOrder',
        src: 'fetchFixOrder',
        input: ({ context }) => ({ orderNumber: context.orderNumber, key: context.key }),
        onDone: { target: 'opened', actions: { type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) } },
        onError: { target: 'invalid', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** A wrong or used link: the backend's words. */
    invalid: {},
    opened: {
      always: [
        {
          guard: 'oneLineToCorrect',
          target: 'editing',
          actions: { type: 'openLine', params: ({ context }) => ({ uid: correctableLinesOf(context.order)[0]!.uid }) },
        },
        { target: 'choosing' },
      ],
    },
    /** The order's lines, each frame with its prescription: the shopper picks the one to correct. */
    choosing: {
      on: {
        'prescriptionFix.chooseLine': {
          guard: { type: 'lineCorrectable', params: ({ event }) => ({ uid: event.uid }) },
          target: 'editing',
          actions: { type: 'openLine', params: ({ event }) => ({ uid: event.uid }) },
        },
      },
    },
    editing: {
      initial: 'form',
      on: { 'prescriptionFix.setComment': { actions: { type: 'setComment', params: ({ event }) => ({ comment: event.comment }) } } },
      states: {
        form: {
          on: {
            'prescriptionFix.chooseLine': {
              guard: { type: 'lineCorrectable', params: ({ event }) => ({ uid: event.uid }) },
              actions: { type: 'openLine', params: ({ event }) => ({ uid: event.uid }) },
            },
            'prescriptionFix.submit': [{ guard: 'prescriptionValid', target: 'sending', actions: 'clearError' }, { actions: 'showAllIssues' }],
          },
        },
        sending: {
          invoke: {
            id: 'fixPrescription',
            src: 'fixPrescription',
            input: ({ context }) => ({
              orderNumber: context.orderNumber,
              key: context.key,
              lineUid: context.lineUid!,
              prescription: payloadOf(validPrescriptionOf(context)!, { withPrism: false }),
              comment: context.comment.trim() || null,
            }),
            onDone: {
              target: '#prescriptionFix.fixed',
              actions: [{ type: 'rememberFixed', params: ({ event }) => ({ fixed: event.output }) }, 'closeLine'],
            },
            // Nothing typed is lost: the form stays with the backend's message.
            onError: { target: 'form', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    /** The line is corrected; while another line is left, the shopper may go on to it. */
    fixed: {
      on: { 'prescriptionFix.chooseAnother': { guard: 'linkOpen', target: 'loading' } },
    },
  },
});

export type PrescriptionFixActor = ActorRefFrom<typeof prescriptionFixMachine>;
export type PrescriptionFixSnapshot = SnapshotFrom<typeof prescriptionFixMachine>;
