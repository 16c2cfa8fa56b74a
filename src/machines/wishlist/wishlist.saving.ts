/**
 * wishlist — the saving region: the product page's "Add to wishlist" (spec §3 "Wishlist"). One save
 * at a time: `wishlist.item.add` keeps the frame (`save`) and sends it (`sending`, the `saveItem`
 * actor); another add meanwhile changes nothing. The outcome is told with a toast sent to the
 * system's 'toast' actor (ADR 010): "Saved to your wishlist." or the reason it was not. A saved frame
 * reads page 1 of a list already shown again (`reloading`, until the list is read), so the wishlist
 * page has it and the product page's button says "Saved".
 *
 * ADR 029: a guest's "Sign in to save" is held (`heldForSignIn`) and sent when the session says the
 * shopper signed in (`wishlist.session.signedIn`), once.
 *
 * ADR 011: a save whose answer was lost (no answer, a 5xx) may have taken effect. Nothing is sent
 * again: its failure is kept (`errors.saveItem`) while every page is read (`checking`), and the list
 * tells — the frame is there → "Saved"; otherwise the failure, as it came.
 */
import { SAVE_ITEM_ID, saveOf, type WishlistContext } from './wishlist.context';
import { SAVED, failedAs, failureOf, saveFailedToast } from './wishlist.transitions';
import { wishlistSetup } from './wishlist.setup';

/** The frame worked on (every way into `sending` keeps one). */
const frameOf = ({ context }: { context: WishlistContext }) => context.save!;

const keepSave = { type: 'keepSave' as const, params: saveOf };
/** A new add is sent (the frame it names is the one worked on now). */
const addSent = { target: 'sending', actions: keepSave };
const saveFailed = { type: 'setErrors' as const, params: failedAs('saveItem') };

export const savingRegion = wishlistSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      entry: 'forgetSave',
      on: {
        'wishlist.item.add': addSent,
        'wishlist.item.addAfterSignIn': { target: 'heldForSignIn', actions: keepSave },
      },
    },
    heldForSignIn: {
      on: {
        'wishlist.item.addAfterSignIn': { target: 'heldForSignIn', actions: keepSave },
        'wishlist.session.signedIn': { target: 'sending' },
        'wishlist.item.add': addSent,
      },
    },
    sending: {
      tags: ['saving'],
      entry: { type: 'setErrors', params: { saveItem: null } },
      invoke: {
        id: SAVE_ITEM_ID,
        src: 'saveWishlistItem',
        input: frameOf,
        onDone: [
          { guard: 'listNotShown', target: 'idle', actions: { type: 'toast', params: SAVED } },
          // Spec §3: page 1 again (it replaces the items), so the list has the new one.
          {
            target: 'reloading',
            actions: [
              { type: 'toast', params: SAVED },
              { type: 'readList', params: { allPages: false } },
            ],
          },
        ],
        onError: [
          // The answer was lost: every page is read again, and tells whether the frame was saved.
          {
            guard: { type: 'answerLost', params: failureOf },
            target: 'checking',
            actions: [saveFailed, { type: 'readList', params: { allPages: true } }],
          },
          {
            target: 'idle',
            actions: [saveFailed, { type: 'toast', params: ({ event }) => saveFailedToast(event.error) }],
          },
        ],
      },
    },
    reloading: {
      on: { 'wishlist.list.read': { target: 'idle' }, 'wishlist.item.add': addSent },
    },
    checking: {
      on: {
        'wishlist.list.read': [
          {
            guard: 'listHoldsSave',
            target: 'idle',
            actions: [
              { type: 'toast', params: SAVED },
              { type: 'setErrors', params: { saveItem: null } },
            ],
          },
          { target: 'idle', actions: { type: 'toast', params: ({ context }) => saveFailedToast(context.errors.saveItem) } },
        ],
      },
    },
  },
});
