import { FormattedMessage, useIntl } from 'react-intl';
import { AccountLayout } from './account-layout';

/** Saved payments `/saved-payments` (signed in): the shop keeps no cards, and says so. */
export function SavedPaymentsPage() {
  const intl = useIntl();
  return (
    <AccountLayout title={intl.formatMessage({ id: 'account.nav.savedPayments', defaultMessage: 'Saved payments' })}>
      <p>
        <FormattedMessage
          id="account.savedPayments.none"
          defaultMessage="Lunette does not store cards or wallets. You choose how to pay at each checkout, and card details are only ever entered on the payment provider’s secure page."
        />
      </p>
    </AccountLayout>
  );
}
