import { defineMessages, type MessageDescriptor } from 'react-intl';

/**
 * The shop's own failure sentences (issue 13): services and machines word their errors in English
 * for tests and logs; a shopper reads them here, in the store view's language. A sentence that is
 * not one of these is the server's (Magento words its refusals in the store view's language).
 * The sentences are written out rather than imported from the services that throw them, so the
 * shell chunk takes none of those services: composed-error-messages.test.ts holds them equal.
 */
export const composedErrorMessages = defineMessages({
  // English words as the spec's error catalogue has them (spec §8, §5).
  cartNotCreated: { id: 'error.cart.notCreated', defaultMessage: 'Unable to create cart' },
  cartIdMissing: { id: 'error.cartIdMissing', defaultMessage: 'Missing required information: cartId' },
  cartNotReady: { id: 'error.cart.notReady', defaultMessage: 'The cart is not ready yet. Try again in a moment.' },
  cartLineNotChanged: { id: 'error.cart.lineNotChanged', defaultMessage: 'This cart line could not be changed. Try again.' },
  lineNotInCart: { id: 'error.cart.lineGone', defaultMessage: 'This item is no longer in your cart.' },
  offline: { id: 'error.offline', defaultMessage: 'You are offline: nothing was sent. Try again once you are back online.' },
  emailMissing: { id: 'error.emailMissing', defaultMessage: 'Missing required information: email' },
  passwordNotReset: { id: 'error.account.passwordNotReset', defaultMessage: 'Your password could not be reset. Ask for a new link.' },
  messageNotSent: { id: 'error.account.messageNotSent', defaultMessage: 'Your message could not be sent. Try again.' },
  fixLinkInvalid: { id: 'error.prescription.fixLinkInvalid', defaultMessage: 'This prescription link is not valid. Check the link in your order email.' },
  signInForPrescriptions: { id: 'error.prescription.signIn', defaultMessage: 'Sign in to see and save your prescriptions.' },
  noWishlist: { id: 'error.wishlist.none', defaultMessage: 'Your account has no wishlist yet.' },
  faceTracking: { id: 'error.tryOn.faceTracking', defaultMessage: 'The face tracking could not be loaded. Check your connection and try again.' },
  cameraMissing: { id: 'error.tryOn.cameraMissing', defaultMessage: 'This browser offers no camera to the page. Upload a photo of your face instead.' },
  photoNotPicture: { id: 'error.tryOn.photoNotPicture', defaultMessage: 'This file is not a picture. Choose a photo (JPEG, PNG or WebP) of your face.' },
  photoTooLarge: { id: 'error.tryOn.photoTooLarge', defaultMessage: 'This photo is larger than 25 MB. Choose a smaller photo of your face.' },
  photoUnreadable: { id: 'error.tryOn.photoUnreadable', defaultMessage: 'This photo could not be opened. Choose a JPEG, PNG or WebP photo of your face.' },
  snapshotFailed: { id: 'error.tryOn.snapshotFailed', defaultMessage: 'The snapshot could not be made. Try again.' },
  irisesNotMeasured: {
    id: 'error.tryOn.irisesNotMeasured',
    defaultMessage: 'Your irises could not be measured. Look straight at the camera, in good light, and measure again.',
  },
  cardEdgesTooClose: {
    id: 'error.tryOn.cardEdgesTooClose',
    defaultMessage: 'The card edges are too close together: mark the left and right edges of the card.',
  },
  pdImplausible: {
    id: 'error.tryOn.pdImplausible',
    defaultMessage: 'The measurement gave {mm} mm, outside {min}–{max} mm. Measure again, looking straight at the camera.',
  },
});

type Match = readonly [RegExp | string, MessageDescriptor];

const m = composedErrorMessages;

/** English sentence (or its pattern, its values as named groups) → the message a shopper reads. */
export const COMPOSED: readonly Match[] = [
  ['Unable to create cart', m.cartNotCreated],
  ['The cart is not ready yet. Try again in a moment.', m.cartNotReady],
  ['The cart line could not be changed.', m.cartLineNotChanged],
  ['This item is no longer in your cart.', m.lineNotInCart],
  [/^The browser is offline/, m.offline],
  ['Missing required information: email', m.emailMissing],
  ['Missing required information: cartId', m.cartIdMissing],
  ['The password could not be reset.', m.passwordNotReset],
  ['The message could not be sent.', m.messageNotSent],
  ['The prescription fix link is invalid. Check the link in your order email.', m.fixLinkInvalid],
  ['Sign in to see and save your prescriptions.', m.signInForPrescriptions],
  ['Your account has no wishlist yet.', m.noWishlist],
  [/^The face (tracking|models) could not be loaded/, m.faceTracking],
  [/^The face tracking is not loaded/, m.faceTracking],
  ['This browser offers no camera to the page.', m.cameraMissing],
  [/^This file is not a picture/, m.photoNotPicture],
  [/^This photo is larger than/, m.photoTooLarge],
  [/^This photo could not be opened/, m.photoUnreadable],
  [/^(There is no picture to save yet|This browser cannot draw the snapshot|The snapshot could not be made)/, m.snapshotFailed],
  [/^The irises were not measured/, m.irisesNotMeasured],
  [/^The card edges are too close together/, m.cardEdgesTooClose],
  [/^The measurement gave (?<mm>[\d.]+) mm, outside (?<min>[\d.]+)–(?<max>[\d.]+) mm/, m.pdImplausible],
];

/** The message for one of the shop's own failure sentences, with its values; null for any other text. */
export function composedErrorOf(text: string): { descriptor: MessageDescriptor; values: Record<string, string> } | null {
  const trimmed = text.trim();
  for (const [pattern, descriptor] of COMPOSED) {
    if (typeof pattern === 'string') {
      if (trimmed === pattern) return { descriptor, values: {} };
      continue;
    }
    const match = pattern.exec(trimmed);
    if (match) return { descriptor, values: { ...match.groups } };
  }
  return null;
}
