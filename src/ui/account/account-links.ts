import { defineMessages } from 'react-intl';

/** The account's pages (spec §2), in the order the account menu lists them. */
export const accountLinks = [
  { to: '/account-information', message: 'accountInformation' },
  { to: '/order-history', message: 'orderHistory' },
  { to: '/address-book', message: 'addressBook' },
  { to: '/prescription', message: 'prescriptions' },
  { to: '/wishlist', message: 'wishlist' },
  { to: '/saved-payments', message: 'savedPayments' },
  { to: '/communications', message: 'communications' },
  { to: '/social-accounts', message: 'socialAccounts' },
] as const;

export const accountLinkMessages = defineMessages({
  accountInformation: { id: 'account.nav.accountInformation', defaultMessage: 'Account information' },
  orderHistory: { id: 'account.nav.orderHistory', defaultMessage: 'Order history' },
  addressBook: { id: 'account.nav.addressBook', defaultMessage: 'Address book' },
  prescriptions: { id: 'account.nav.prescriptions', defaultMessage: 'Saved prescriptions' },
  wishlist: { id: 'account.nav.wishlist', defaultMessage: 'Wishlist' },
  savedPayments: { id: 'account.nav.savedPayments', defaultMessage: 'Saved payments' },
  communications: { id: 'account.nav.communications', defaultMessage: 'Communications' },
  socialAccounts: { id: 'account.nav.socialAccounts', defaultMessage: 'Social accounts' },
});
