import { defineMessages, type MessageDescriptor } from 'react-intl';

/**
 * The words of the toasts that machines and services raise, by the toast's `messageId`. A toast's
 * `message` is its English text, complete; the region shows these messages instead (in the
 * shopper's language, with the toast's `values`) when it knows the id. Production builds ship no
 * message parser, so a toast's words are declared here, as literals, not sent as patterns.
 */
export const TOAST_MESSAGES: Readonly<Record<string, MessageDescriptor>> = defineMessages({
  'wishlist.toast.saved': { id: 'wishlist.toast.saved', defaultMessage: 'Saved to your wishlist.' },
  'wishlist.toast.failed': { id: 'wishlist.toast.failed', defaultMessage: 'This frame could not be saved to your wishlist: {reason}' },
  'wishlist.toast.movedToCart': { id: 'wishlist.toast.movedToCart', defaultMessage: '{name} is in your cart.' },
  'checkout.toast.emailHasAccount': {
    id: 'checkout.toast.emailHasAccount',
    defaultMessage: 'This email already has an account — sign in to use your saved addresses, or continue as a guest.',
  },
  'cart.toast.added': { id: 'cart.toast.added', defaultMessage: 'Added to your cart.' },
  'cart.toast.addFailed': { id: 'cart.toast.addFailed', defaultMessage: 'This item could not be added to your cart: {reason}' },
  'cart.toast.paymentLeft': {
    id: 'cart.toast.paymentLeft',
    defaultMessage:
      'Your payment for order #{orderNumber} was not completed: that order is cancelled and your cart is back. Place the order again when you are ready.',
  },
  // The account pages' machines (saved-form.machine.ts, address-book.machine.ts).
  'account.toast.detailsSaved': { id: 'account.toast.detailsSaved', defaultMessage: 'Your details are saved.' },
  'account.toast.emailChanged': { id: 'account.toast.emailChanged', defaultMessage: 'Your email is changed: sign in with it from now on.' },
  'account.toast.passwordChanged': { id: 'account.toast.passwordChanged', defaultMessage: 'Your password is changed.' },
  'account.toast.newsletterSaved': { id: 'account.toast.newsletterSaved', defaultMessage: 'Your newsletter choice is saved.' },
  'account.toast.addressSaved': { id: 'account.toast.addressSaved', defaultMessage: 'Address saved.' },
  'account.toast.addressDeleted': { id: 'account.toast.addressDeleted', defaultMessage: 'Address deleted.' },
  'account.toast.defaultAddressChanged': { id: 'account.toast.defaultAddressChanged', defaultMessage: 'Default address changed.' },
  'account.toast.alertRemoved': { id: 'account.toast.alertRemoved', defaultMessage: 'Alert removed.' },
  // The link pages' machine (link-request.machine.ts).
  'alerts.toast.subscribed': { id: 'alerts.toast.subscribed', defaultMessage: 'Your alert is set up.' },
});
