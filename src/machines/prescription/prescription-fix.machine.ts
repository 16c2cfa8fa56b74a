/**
 * prescriptionFix — `/prescriptionfix/{order_id}/{key_fix?}` (spec §2, public): the single-use link
 * of the order email opens the order, the shopper corrects its prescription (the `prescriptionForm`
 * child) and sends it once. A missing, wrong or used link says so; a failed send keeps every value.
 *
 * Injected by the services (`src/services/customise/prescription-pages.actors.ts`):
 * - actor `fetchFixOrder`: ({ orderNumber, key }) => PrescriptionFixOrder   (rejects with the backend's words)
 * - actor `fixPrescription`: ({ orderNumber, key, prescription, comment }) => { orderNumber }
 */
import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
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

export interface PrescriptionFixOrder {
  orderNumber: string;
  /** YYYY-MM-DD */
  orderDate: string;
  items: { name: string; sku: string; prescription: string | null }[];
}

export interface PrescriptionFixInput {
  orderNumber: string;
  key: string;
  today: string;
}

export interface FixPrescriptionInput {
  orderNumber: string;
  key: string;
  prescription: PrescriptionPayload;
  comment: string | null;
}

export interface PrescriptionFixContext extends PrescriptionFixInput {
  order: PrescriptionFixOrder | null;
  form: PrescriptionFormActor | null;
  comment: string;
  /** Why the link opens nothing, or why the send failed (the backend's words). */
  error: string | null;
  fixedOrderNumber: string | null;
}

export type PrescriptionFixEvent = { type: 'prescriptionFix.setComment'; comment: string } | { type: 'prescriptionFix.submit' };

/** The prescription an order item was bought with, as a draft to start from (when it was typed in). */
export function startingPointOf(order: PrescriptionFixOrder): { usage: LensUsage; draft: PrescriptionDraft } {
  for (const item of order.items) {
    if (!item.prescription) continue;
    try {
      const parsed = JSON.parse(item.prescription) as { usage?: LensUsage; exam_date?: string; od?: never; os?: never; pd?: never };
      if (parsed.od && parsed.os && parsed.pd) {
        const usage = parsed.usage && parsed.usage !== 'NON_PRESCRIPTION' ? parsed.usage : 'SINGLE_VISION_DISTANCE';
        return { usage, draft: draftOfPrescription({ examDate: parsed.exam_date ?? '', od: parsed.od, os: parsed.os, pd: parsed.pd }) };
      }
    } catch {
      // A note ("to follow", a file name): start from an empty form.
    }
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
    fixPrescription: notProvidedActor<{ orderNumber: string }, FixPrescriptionInput>('fixPrescription'),
  },
  guards: {
    hasKey: ({ context }) => context.key !== '',
    prescriptionValid: ({ context }) => validPrescriptionOf(context) !== null,
  },
  actions: {
    showAllIssues: sendTo(({ context }) => context.form as PrescriptionFormActor, { type: 'prescription.showAllIssues' }),
    /** The order's prescription in the form, where it can be corrected. */
    openOrder: assign(({ context, spawn }, params: { order: PrescriptionFixOrder }) => ({
      order: params.order,
      form: spawn('prescriptionForm', { id: 'form', input: { ...startingPointOf(params.order), today: context.today } }),
    })),
    setComment: assign((_, params: { comment: string }) => ({ comment: params.comment })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: errorMessageOf(params.error) })),
    clearError: assign({ error: null }),
    rememberFixedOrder: assign((_, params: { orderNumber: string }) => ({ fixedOrderNumber: params.orderNumber })),
  },
}).createMachine({
  id: 'prescriptionFix',
  context: ({ input }) => ({ ...input, order: null, form: null, comment: '', error: null, fixedOrderNumber: null }),
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
        onDone: { target: 'editing', actions: { type: 'openOrder', params: ({ event }) => ({ order: event.output }) } },
        onError: { target: 'invalid', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** A wrong or used link: the backend's words. */
    invalid: {},
    editing: {
      initial: 'form',
      on: { 'prescriptionFix.setComment': { actions: { type: 'setComment', params: ({ event }) => ({ comment: event.comment }) } } },
      states: {
        form: {
          on: {
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
              prescription: payloadOf(validPrescriptionOf(context)!, { withPrism: false }),
              comment: context.comment.trim() || null,
            }),
            onDone: {
              target: '#prescriptionFix.fixed',
              actions: { type: 'rememberFixedOrder', params: ({ event }) => ({ orderNumber: event.output.orderNumber }) },
            },
            // Nothing typed is lost: the form stays with the backend's message.
            onError: { target: 'form', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    fixed: {},
  },
});

export type PrescriptionFixActor = ActorRefFrom<typeof prescriptionFixMachine>;
export type PrescriptionFixSnapshot = SnapshotFrom<typeof prescriptionFixMachine>;
