import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { AccountMenu } from '../account/account-menu';
import { CartTrigger } from '../cart/cart-trigger';
import { IconMenu, IconSearch } from '../shared/icons';
import styles from './app-shell.module.css';
import { StoreSwitcher } from './store-switcher';

// Opened on demand: their code (and the category tree query) is not part of the first page load.
const NavigationDrawer = lazy(async () => ({ default: (await import('./navigation-drawer')).NavigationDrawer }));
const SearchPanel = lazy(async () => ({ default: (await import('../search/search-panel')).SearchPanel }));

export interface AppShellProps {
  children: ReactNode;
  /** Buttons at the header's end (cart, account), added by later features. */
  headerActions?: ReactNode;
}

/** The frame of every page: skip link, header (menu, logo, search, store), main landmark, footer. */
export function AppShell({ children, headerActions }: AppShellProps) {
  const intl = useIntl();
  const [navOpened, setNavOpened] = useState(false);
  const [navOpen, setNavOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const searchTrigger = useRef<HTMLButtonElement>(null);
  const closeSearch = (restoreFocus: boolean) => {
    setSearchOpen(false);
    if (restoreFocus) searchTrigger.current?.focus();
  };
  return (
    <>
      <a className={styles.skip} href="#main">
        <FormattedMessage id="shell.skipToContent" defaultMessage="Skip to content" />
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <div className={styles.start}>
            <button
              type="button"
              className={styles.iconButton}
              aria-haspopup="dialog"
              aria-expanded={navOpen}
              onClick={() => {
                setNavOpened(true);
                setNavOpen(true);
              }}
            >
              <IconMenu />
              <span className="visually-hidden">
                <FormattedMessage id="shell.menu" defaultMessage="Shop by category" />
              </span>
            </button>
            <Link to="/" className={styles.logo} aria-label={intl.formatMessage({ id: 'shell.home', defaultMessage: 'Lunette, home' })}>
              Lunette
            </Link>
          </div>
          <div className={styles.end}>
            <button ref={searchTrigger} type="button" className={styles.iconButton} aria-expanded={searchOpen} aria-controls="search-panel" onClick={() => (searchOpen ? closeSearch(false) : setSearchOpen(true))}>
              <IconSearch />
              <span className="visually-hidden">
                <FormattedMessage id="shell.search" defaultMessage="Search" />
              </span>
            </button>
            <div className={styles.store}>
              <StoreSwitcher />
            </div>
            {headerActions}
            <AccountMenu />
            <CartTrigger />
          </div>
        </div>
        <div id="search-panel" hidden={!searchOpen}>
          {searchOpen ? (
            <Suspense fallback={null}>
              <SearchPanel onClose={closeSearch} />
            </Suspense>
          ) : null}
        </div>
      </header>
      {navOpened ? (
        <Suspense fallback={null}>
          <NavigationDrawer open={navOpen} onClose={() => setNavOpen(false)} />
        </Suspense>
      ) : null}
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        <nav aria-label={intl.formatMessage({ id: 'shell.footer.nav', defaultMessage: 'About the shop' })}>
          <ul className={styles.footerLinks}>
            <li>
              <Link to="/about-us">
                <FormattedMessage id="shell.footer.about" defaultMessage="About us" />
              </Link>
            </li>
            <li>
              <Link to="/shipping-returns">
                <FormattedMessage id="shell.footer.shipping" defaultMessage="Shipping and returns" />
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy-cookie-restriction-mode">
                <FormattedMessage id="shell.footer.privacy" defaultMessage="Privacy and cookies" />
              </Link>
            </li>
          </ul>
        </nav>
        <p className={styles.copyright}>
          <FormattedMessage id="shell.footer.copyright" defaultMessage="© 2026 Lunette Eyewear" />
        </p>
      </footer>
    </>
  );
}
