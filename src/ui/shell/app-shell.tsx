import { useSelector } from '@xstate/react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { selectDrawer, selectIsPageLoading, selectIsSearchOpen, selectSearchSuggestions } from '../../machines/app/app.machine';
import { AccountMenu } from '../account';
import { CartTrigger } from '../cart';
import { IconMenu, IconSearch } from '../shared/icons';
import { BRAND } from '../shared/use-document-title';
import styles from './app-shell.module.css';
import { ConnectionNotice } from './connection-notice';
import { OfflineIndicator } from './offline-indicator';
import { PageLoading } from './page-loading';
import { useShopActors } from '../app/shop-actors';
import { StoreSwitcher } from './store-switcher';
import { ToastRegion } from './toast-region';
import { UnhandledErrorOverlay } from './unhandled-error-overlay';

// Opened on demand: their code (and the category tree query) is not part of the first page load.
const NavigationDrawer = lazy(async () => ({ default: (await import('./navigation-drawer')).NavigationDrawer }));
const SearchPanel = lazy(async () => ({ default: (await import('../search/search-panel')).SearchPanel }));

export interface AppShellProps {
  children: ReactNode;
  /** Buttons at the header's end (cart, account), added by later features. */
  headerActions?: ReactNode;
}

/** The name of the navigation drawer in the app machine's drawer state. */
export const NAVIGATION_DRAWER = 'navigation';

/**
 * The frame of every page: skip link, header (menu, logo, offline indicator, search, store), main
 * landmark, footer, and the app machine's overlays (spec §2 "Other visible pieces"): drawer, search
 * panel, page-loading indicator, offline/online notice, unhandled-error overlay.
 */
export function AppShell({ children, headerActions }: AppShellProps) {
  const intl = useIntl();
  const { app } = useShopActors();
  const navOpen = useSelector(app, selectDrawer) === NAVIGATION_DRAWER;
  const searchOpen = useSelector(app, selectIsSearchOpen);
  const search = useSelector(app, selectSearchSuggestions);
  const pageLoading = useSelector(app, selectIsPageLoading);
  // The drawer's code loads the first time it opens, then stays mounted so it can animate closed.
  const [navOpened, setNavOpened] = useState(navOpen);
  if (navOpen && !navOpened) setNavOpened(true);
  const searchTrigger = useRef<HTMLButtonElement>(null);
  const closeSearch = (restoreFocus: boolean) => {
    app.send({ type: 'app.search.close' });
    if (restoreFocus) searchTrigger.current?.focus();
  };
  return (
    <>
      {pageLoading ? <PageLoading /> : null}
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
              onClick={() => app.send({ type: 'app.drawer.toggle', name: NAVIGATION_DRAWER })}
            >
              <IconMenu />
              <span className="visually-hidden">
                <FormattedMessage id="shell.menu" defaultMessage="Shop by category" />
              </span>
            </button>
            <Link to="/" className={styles.logo} aria-label={intl.formatMessage({ id: 'shell.home', defaultMessage: 'Lunette, home' })}>
              {BRAND}
            </Link>
          </div>
          <div className={styles.end}>
            <OfflineIndicator />
            <button
              ref={searchTrigger}
              type="button"
              className={styles.iconButton}
              aria-expanded={searchOpen}
              aria-controls="search-panel"
              onClick={() => app.send({ type: 'app.search.toggle' })}
            >
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
          {searchOpen && search ? (
            <Suspense fallback={null}>
              <SearchPanel search={search} onClose={closeSearch} />
            </Suspense>
          ) : null}
        </div>
      </header>
      {navOpened ? (
        <Suspense fallback={null}>
          <NavigationDrawer open={navOpen} onClose={() => app.send({ type: 'app.drawer.close' })} />
        </Suspense>
      ) : null}
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <ToastRegion />
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
      <ConnectionNotice />
      <UnhandledErrorOverlay />
    </>
  );
}
