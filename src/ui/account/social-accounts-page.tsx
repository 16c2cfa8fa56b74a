import { FormattedMessage, useIntl } from 'react-intl';
import { FormPage } from './account-layout';

/** Social accounts `/social-accounts`: no social sign-in is configured in this shop, and the page says so. */
export function SocialAccountsPage() {
  const intl = useIntl();
  return (
    <FormPage title={intl.formatMessage({ id: 'account.nav.socialAccounts', defaultMessage: 'Social accounts' })}>
      <p>
        <FormattedMessage id="account.social.none" defaultMessage="This shop offers no sign-in with social accounts. Sign in with your email and password." />
      </p>
    </FormPage>
  );
}
