import { defineMessages } from 'react-intl';

/**
 * The words of the shop's own failure sentences (src/services/i18n/composed-errors.ts), for
 * extraction and the catalogues: each English message is the sentence a service or machine throws
 * (the spec's words where its error catalogue has them, spec §8), with its values as placeholders.
 * composed-errors.test.ts holds each id known to the table and the English here matching it. Never
 * imported by the shop's code: an English store view shows the sentence itself.
 */
export const composedErrorMessages = defineMessages({
  cartNotCreated: { id: 'error.cart.notCreated', defaultMessage: 'Unable to create cart' },
  cartIdMissing: { id: 'error.cartIdMissing', defaultMessage: 'Missing required information: cartId' },
  cartNotReady: { id: 'error.cart.notReady', defaultMessage: 'The cart is not ready yet. Try again in a moment.' },
  cartLineNotChanged: { id: 'error.cart.lineNotChanged', defaultMessage: 'The cart line could not be changed.' },
  lineNotInCart: { id: 'error.cart.lineGone', defaultMessage: 'This item is no longer in your cart.' },
  offline: { id: 'error.offline', defaultMessage: 'The browser is offline: the request was not sent.' },
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
    defaultMessage: 'The measurement gave {mm} mm, outside {min}–{max} mm.',
  },
});
