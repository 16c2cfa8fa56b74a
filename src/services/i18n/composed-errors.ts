/**
 * The shop's own failure sentences (issue 13, ADR 019): services and machines word their errors in
 * English for tests, logs and English store views; a shopper of another language reads the
 * catalogue's message of the same id (`error.*`, its English words in
 * src/ui/shared/composed-error-words.ts). A sentence that is not one of these is the server's
 * (Magento words its refusals in the store view's language). This table loads with the first
 * catalogue (catalogue-files.ts), never in the shell chunk: an English store view needs none of it.
 */
/** How each sentence starts → the id of the message a shopper reads. */
export const COMPOSED_ERRORS: readonly (readonly [string, string])[] = [
  ['Unable to create cart', 'error.cart.notCreated'],
  ['The cart is not ready yet', 'error.cart.notReady'],
  ['The cart line could not be changed', 'error.cart.lineNotChanged'],
  ['This item is no longer in your cart', 'error.cart.lineGone'],
  ['The browser is offline', 'error.offline'],
  ['Missing required information: email', 'error.emailMissing'],
  ['Missing required information: cartId', 'error.cartIdMissing'],
  ['The password could not be reset', 'error.account.passwordNotReset'],
  ['The message could not be sent', 'error.account.messageNotSent'],
  ['The prescription fix link is invalid', 'error.prescription.fixLinkInvalid'],
  ['Sign in to see and save your prescriptions', 'error.prescription.signIn'],
  ['Your account has no wishlist yet', 'error.wishlist.none'],
  ['The face tracking could not be loaded', 'error.tryOn.faceTracking'],
  ['The face models could not be loaded', 'error.tryOn.faceTracking'],
  ['The face tracking is not loaded', 'error.tryOn.faceTracking'],
  ['This browser offers no camera', 'error.tryOn.cameraMissing'],
  ['This file is not a picture', 'error.tryOn.photoNotPicture'],
  ['This photo is larger than', 'error.tryOn.photoTooLarge'],
  ['This photo could not be opened', 'error.tryOn.photoUnreadable'],
  ['There is no picture to save yet', 'error.tryOn.snapshotFailed'],
  ['This browser cannot draw the snapshot', 'error.tryOn.snapshotFailed'],
  ['The snapshot could not be made', 'error.tryOn.snapshotFailed'],
  ['The irises were not measured', 'error.tryOn.irisesNotMeasured'],
  ['The card edges are too close together', 'error.tryOn.cardEdgesTooClose'],
  ['The measurement gave ', 'error.tryOn.pdImplausible'],
];
