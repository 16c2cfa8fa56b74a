import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { ShopFailureCode, ShopFailureLike, ShopFailureValues } from '../../machines/shared/shop-failure';
import { errorMessages } from './error-messages';

/**
 * The words of the shop's own failures (ADR 019): the one home of each sentence, keyed by
 * the code a service or machine throws (src/machines/shared/shop-failure.ts), read through react-intl
 * in every language, English included. Typed by the codes: a code without words is a type error.
 * Loaded when a failure is first shown (shop-failure-text.ts), never with the shell (ADR 019's
 * budget); the service worker precaches it (precache-shell.ts) so a failure shows offline too.
 * The English keeps the spec's words where its error catalogue has them (spec §5, §8).
 */
export const shopFailureWords: Record<ShopFailureCode, MessageDescriptor> = defineMessages({
  cartNotCreated: { id: 'error.cart.notCreated', defaultMessage: 'Unable to create cart' },
  cartIdMissing: { id: 'error.cartIdMissing', defaultMessage: 'Missing required information: cartId' },
  cartNotReady: { id: 'error.cart.notReady', defaultMessage: 'The cart is not ready yet. Try again in a moment.' },
  cartLineNotChanged: { id: 'error.cart.lineNotChanged', defaultMessage: 'The cart line could not be changed.' },
  cartChangedSinceReview: {
    id: 'error.cart.changedSinceReview',
    defaultMessage:
      'Your cart changed after you reviewed it, in another tab or on another device. Nothing was ordered: check the items and the total, then place your order again.',
  },
  lineNotInCart: { id: 'error.cart.lineGone', defaultMessage: 'This item is no longer in your cart.' },
  emailMissing: { id: 'error.emailMissing', defaultMessage: 'Missing required information: email' },
  passwordNotReset: { id: 'error.account.passwordNotReset', defaultMessage: 'The password could not be reset.' },
  messageNotSent: { id: 'error.account.messageNotSent', defaultMessage: 'The message could not be sent.' },
  fixLinkInvalid: { id: 'error.prescription.fixLinkInvalid', defaultMessage: 'The prescription fix link is invalid. Check the link in your order email.' },
  signInForPrescriptions: { id: 'error.prescription.signIn', defaultMessage: 'Sign in to see and save your prescriptions.' },
  noWishlist: { id: 'error.wishlist.none', defaultMessage: 'Your account has no wishlist yet.' },
  faceTracking: { id: 'error.tryOn.faceTracking', defaultMessage: 'The face tracking could not be loaded.' },
  cameraMissing: { id: 'error.tryOn.cameraMissing', defaultMessage: 'This browser offers no camera to the page.' },
  photoNotPicture: { id: 'error.tryOn.photoNotPicture', defaultMessage: 'This file is not a picture. Choose a photo (JPEG, PNG or WebP) of your face.' },
  photoTooLarge: { id: 'error.tryOn.photoTooLarge', defaultMessage: 'This photo is larger than 25 MB. Choose a smaller photo of your face.' },
  photoUnreadable: { id: 'error.tryOn.photoUnreadable', defaultMessage: 'This photo could not be opened. Choose a JPEG, PNG or WebP photo of your face.' },
  snapshotFailed: { id: 'error.tryOn.snapshotFailed', defaultMessage: 'The snapshot could not be made.' },
  irisesNotMeasured: {
    id: 'error.tryOn.irisesNotMeasured',
    defaultMessage: 'The irises were not measured: no scale can be taken from them.',
  },
  cardEdgesTooClose: {
    id: 'error.tryOn.cardEdgesTooClose',
    defaultMessage: 'The card edges are too close together: mark the left and right edges of the card.',
  },
  pdImplausible: {
    id: 'error.tryOn.pdImplausible',
    defaultMessage:
      'The measurement gave {mm, number} mm, outside {min}–{max} mm. {method, select, iris {Look straight at the camera, in good light, and measure again.} other {Hold the card flat under your nose, then mark its left and right edges and the centres of your pupils.}}',
  },
  soldOutAtAdd: { id: 'error.cart.soldOutAtAdd', defaultMessage: 'This colour and size has just sold out: choose another one to fit lenses.' },
  quantityNotAvailable: {
    id: 'error.cart.quantityNotAvailable',
    defaultMessage: 'We do not have {quantity, number} of this item in stock: its quantity stays as it was.',
  },
  frameNotFound: { id: 'error.customise.frameNotFound', defaultMessage: 'There is no frame at this address. Choose a frame in the shop, then its lenses.' },
  cartStopped: { id: 'error.cart.stopped', defaultMessage: 'The cart stopped before it answered: check your cart, then try again.' },
});

/**
 * The words of a failure's message (a ShopFailure's, or the text a machine kept of it) in the store
 * view's language; a message this build has no words for (kept by an older one) reads as the generic words.
 */
export function shopFailureWordsOf(message: string, intl: IntlShape): string {
  const failure = shopFailureOf(message);
  const words = failure && (shopFailureWords as Partial<typeof shopFailureWords>)[failure.code];
  return words ? intl.formatMessage(words, failure.values) : intl.formatMessage(errorMessages.generic);
}

/**
 * The shop's failure in `error` (a ShopFailure, anything with its message, or its message as text);
 * null for any other error or text, which is the server's or the browser's. Here, not beside
 * ShopFailure: that module is in the shell chunk (the cart throws one), and only a view needs this.
 */
export function shopFailureOf(error: unknown): ShopFailureLike | null {
  const text = typeof error === 'string' ? error : (error as { message?: unknown } | null)?.message;
  const match = typeof text === 'string' ? /^shop:(\w+)( \{.*\})?$/s.exec(text) : null;
  try {
    return match ? { code: match[1] as ShopFailureCode, values: JSON.parse(match[2] ?? '{}') as ShopFailureValues } : null;
  } catch {
    return null;
  }
}
