import { FormattedMessage } from 'react-intl';

/** Shown while a page's code or data loads. */
export function PageLoading() {
  return (
    <p role="status" aria-live="polite">
      <FormattedMessage id="shell.pageLoading" defaultMessage="Loading…" />
    </p>
  );
}
