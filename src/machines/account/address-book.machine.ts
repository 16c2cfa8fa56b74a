/**
 * addressBook — the address book `/address-book` (spec §2 routes, signed in; spec §7 operations
 * createCustomerAddress, updateCustomerAddress, deleteCustomerAddress): add, edit, delete an address
 * (once the shopper confirms it: destructive actions confirm) and choose the default one. Started by its page inside the shop's actor system (ADR 009).
 *
 * Injected by the services (`src/services/account/account.actors.ts`), with `.provide()`:
 * - actor `saveAddress`: ({ id, address, isDefault }) => { at }   create (id null) or update
 * - actor `deleteAddress`: ({ id }) => { at }
 * - actor `makeDefaultAddress`: ({ id }) => { at }
 * Each one answers once the address book has been read again, so the list shows the change.
 *
 * A refused save keeps the form open with what was typed (`draft`) and the backend's message
 * (`error`); every accepted change raises its toast ("Address saved"…) through the 'toast' actor:
 * the machine's own `ADDRESS_BOOK_TOASTS` (ADR 010), English `message` plus the `messageId` the toast
 * region words it with in the shopper's language (`src/ui/shell/toast-messages.ts`).
 */
import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Address } from '../checkout/checkout.types';
import { errorMessageOf, notProvidedActor } from '../shared/effects';
import { systemActor } from '../shared/system-actor';
import type { ToastEvent, ToastInput } from '../toast/toast.machine';
import type { Saved } from './saved-form.machine';

type ToastAdd = Extract<ToastEvent, { type: 'toast.add' }>;

export type AddressEditor = { kind: 'new'; isFirst: boolean } | { kind: 'edit'; id: number; isDefault: boolean };

/** What each accepted change tells the shopper. */
export const ADDRESS_BOOK_TOASTS = {
  saved: { type: 'success', message: 'Address saved.', messageId: 'account.toast.addressSaved', dismissable: true },
  deleted: { type: 'success', message: 'Address deleted.', messageId: 'account.toast.addressDeleted', dismissable: true },
  madeDefault: { type: 'success', message: 'Default address changed.', messageId: 'account.toast.defaultAddressChanged', dismissable: true },
} as const satisfies Record<string, ToastInput>;

export interface AddressBookContext {
  /** The address being added or edited (null while browsing). */
  editor: AddressEditor | null;
  /** "Use as my default address", ticked in the form. */
  makeDefault: boolean;
  /** What was typed in the last submitted form: the form reopens with it after a refusal. */
  draft: Address | null;
  /** The address the shopper asked to delete, waiting for "Yes, delete" (then being deleted). */
  deletingId: number | null;
  error: string | null;
}

export type AddressBookEvent =
  /** `isFirst`: the book is empty, so the new address becomes the default one. */
  | { type: 'address.add'; isFirst: boolean }
  | { type: 'address.edit'; id: number; isDefault: boolean }
  | { type: 'address.cancel' }
  | { type: 'address.makeDefault.toggle'; makeDefault: boolean }
  | { type: 'address.submit'; address: Address }
  /** Asks to delete: nothing is deleted before `address.delete.confirm`. */
  | { type: 'address.delete'; id: number }
  | { type: 'address.delete.confirm' }
  | { type: 'address.delete.keep' }
  | { type: 'address.setDefault'; id: number };

export interface SaveAddressInput {
  /** null: a new address. */
  id: number | null;
  address: Address;
  isDefault: boolean;
}

const isDefaultOf = (editor: AddressEditor | null, makeDefault: boolean) =>
  makeDefault || (editor?.kind === 'new' ? editor.isFirst : Boolean(editor?.isDefault));

export const addressBookMachine = setup({
  types: { context: {} as AddressBookContext, events: {} as AddressBookEvent },
  actors: {
    saveAddress: notProvidedActor<Saved, SaveAddressInput>('saveAddress'),
    deleteAddress: notProvidedActor<Saved, { id: number }>('deleteAddress'),
    makeDefaultAddress: notProvidedActor<Saved, { id: number }>('makeDefaultAddress'),
  },
  actions: {
    openEditor: assign({
      editor: ({ event }) =>
        event.type === 'address.add'
          ? { kind: 'new' as const, isFirst: event.isFirst }
          : event.type === 'address.edit'
            ? { kind: 'edit' as const, id: event.id, isDefault: event.isDefault }
            : null,
      makeDefault: false,
      draft: null,
      error: null,
    }),
    closeEditor: assign({ editor: null, makeDefault: false, draft: null }),
    setMakeDefault: assign({ makeDefault: ({ context, event }) => (event.type === 'address.makeDefault.toggle' ? event.makeDefault : context.makeDefault) }),
    keepDraft: assign({ draft: ({ context, event }) => (event.type === 'address.submit' ? event.address : context.draft), error: null }),
    clearError: assign({ error: null }),
    askDelete: assign({ deletingId: (_, params: { id: number }) => params.id, error: null }),
    keepAddress: assign({ deletingId: null }),
    recordError: assign({ error: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    raiseToast: sendTo(
      ({ system }) => systemActor(system, 'toast'),
      (_, params: { toast: keyof typeof ADDRESS_BOOK_TOASTS; at: number }): ToastAdd => ({
        type: 'toast.add',
        toast: ADDRESS_BOOK_TOASTS[params.toast],
        timestamp: params.at,
      }),
    ),
  },
}).createMachine({
  id: 'addressBook',
  context: { editor: null, makeDefault: false, draft: null, deletingId: null, error: null },
  initial: 'browsing',
  states: {
    browsing: {
      on: {
        'address.add': { target: 'editing', actions: 'openEditor' },
        'address.edit': { target: 'editing', actions: 'openEditor' },
        'address.delete': { target: 'confirmingDelete', actions: { type: 'askDelete', params: ({ event }) => ({ id: event.id }) } },
        'address.setDefault': { target: 'settingDefault', actions: 'clearError' },
      },
    },
    editing: {
      initial: 'filling',
      states: {
        filling: {
          on: {
            'address.cancel': { target: '#addressBook.browsing', actions: 'closeEditor' },
            'address.makeDefault.toggle': { actions: 'setMakeDefault' },
            'address.submit': { target: 'saving', actions: 'keepDraft' },
          },
        },
        saving: {
          invoke: {
            src: 'saveAddress',
            input: ({ context }) => ({
              id: context.editor?.kind === 'edit' ? context.editor.id : null,
              address: context.draft!,
              isDefault: isDefaultOf(context.editor, context.makeDefault),
            }),
            onDone: {
              target: '#addressBook.browsing',
              actions: ['closeEditor', { type: 'raiseToast', params: ({ event }) => ({ toast: 'saved' as const, at: event.output.at }) }],
            },
            onError: { target: 'filling', actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    confirmingDelete: {
      on: {
        'address.delete.confirm': 'deleting',
        'address.delete.keep': { target: 'browsing', actions: 'keepAddress' },
        // Another address asked for instead: the question moves to it.
        'address.delete': { target: 'confirmingDelete', actions: { type: 'askDelete', params: ({ event }) => ({ id: event.id }) } },
      },
    },
    deleting: {
      exit: 'keepAddress',
      invoke: {
        src: 'deleteAddress',
        input: ({ context }) => ({ id: context.deletingId ?? -1 }),
        onDone: { target: 'browsing', actions: { type: 'raiseToast', params: ({ event }) => ({ toast: 'deleted' as const, at: event.output.at }) } },
        onError: { target: 'browsing', actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    settingDefault: {
      invoke: {
        src: 'makeDefaultAddress',
        input: ({ event }) => ({ id: event.type === 'address.setDefault' ? event.id : -1 }),
        onDone: { target: 'browsing', actions: { type: 'raiseToast', params: ({ event }) => ({ toast: 'madeDefault' as const, at: event.output.at }) } },
        onError: { target: 'browsing', actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type AddressBookActor = ActorRefFrom<typeof addressBookMachine>;
export type AddressBookSnapshot = SnapshotFrom<typeof addressBookMachine>;

export const selectAddressEditor = (snapshot: AddressBookSnapshot) => (snapshot.matches('editing') ? snapshot.context.editor : null);
export const selectAddressDraft = (snapshot: AddressBookSnapshot) => snapshot.context.draft;
export const selectMakeDefault = (snapshot: AddressBookSnapshot) => snapshot.context.makeDefault;
export const selectAddressBookError = (snapshot: AddressBookSnapshot) => snapshot.context.error;
/** The address waiting for "Yes, delete", or being deleted. */
export const selectAddressToDelete = (snapshot: AddressBookSnapshot) =>
  snapshot.matches('confirmingDelete') || snapshot.matches('deleting') ? snapshot.context.deletingId : null;
/** A change is on its way: the buttons wait. */
export const selectAddressBookBusy = (snapshot: AddressBookSnapshot) =>
  snapshot.matches({ editing: 'saving' }) || snapshot.matches('deleting') || snapshot.matches('settingDefault');
