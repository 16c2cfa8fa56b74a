import { defineMessage } from 'react-intl';

/** The account's pages (spec §2), in the order the account menu lists them. */
export const accountLinks = [
  { to: '/account-information', message: defineMessage({ id: 'account.nav.accountInformation', defaultMessage: 'Account information' }) },
  { to: '/order-history', message: defineMessage({ id: 'account.nav.orderHistory', defaultMessage: 'Order history' }) },
  { to: '/address-book', message: defineMessage({ id: 'account.nav.addressBook', defaultMessage: 'Address book' }) },
  { to: '/prescription', message: defineMessage({ id: 'account.nav.prescriptions', defaultMessage: 'Saved prescriptions' }) },
  { to: '/wishlist', message: defineMessage({ id: 'account.nav.wishlist', defaultMessage: 'Wishlist' }) },
  { to: '/saved-payments', message: defineMessage({ id: 'account.nav.savedPayments', defaultMessage: 'Saved payments' }) },
  { to: '/communications', message: defineMessage({ id: 'account.nav.communications', defaultMessage: 'Communications' }) },
  { to: '/social-accounts', message: defineMessage({ id: 'account.nav.socialAccounts', defaultMessage: 'Social accounts' }) },
] as const;
