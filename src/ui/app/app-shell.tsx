import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styles from './app-shell.module.css';
import { StoreSwitcher } from './store-switcher';

/** The frame of every page: skip link, header, main landmark, footer. */
export function AppShell({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <>
      <a className={styles.skip} href="#main">
        <FormattedMessage id="shell.skipToContent" defaultMessage="Skip to content" />
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to="/" className={styles.logo} aria-label={intl.formatMessage({ id: 'shell.home', defaultMessage: 'Lunette, home' })}>
            Lunette
          </Link>
          <StoreSwitcher />
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        <FormattedMessage id="shell.footer.copyright" defaultMessage="© 2026 Lunette Eyewear" />
      </footer>
    </>
  );
}
