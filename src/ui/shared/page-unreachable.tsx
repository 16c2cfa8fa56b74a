import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { PageHeading } from './page-heading';

/**
 * ADR 007: a page whose data could not be read for want of a connection says so, not spec §8's
 * generic "Something went wrong"; `children` say what happens next (the route is asked for again
 * on its own; a page's own data too, through the route machine, and at once by its "Try again").
 */
export function PageUnreachable({ children }: { children: ReactNode }) {
  return (
    <section role="alert">
      <PageHeading>
        <FormattedMessage id="error.offlinePage" defaultMessage="This page could not be reached while you are offline." />
      </PageHeading>
      {children}
    </section>
  );
}
