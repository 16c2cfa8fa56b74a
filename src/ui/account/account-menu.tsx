import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { selectCurrentUser, selectIsSignedIn } from '../../machines/session/session.machine';
import { useSessionActor } from '../app/shop-actor-hooks';
import { useBrowserSelector } from '../app/use-browser-selector';
import { accountLinks } from './account-links';
import styles from './account-menu.module.css';
import { IconUser } from '../shared/icons';

/** The header's account entry: "Sign in" for a guest; for a customer a menu of account pages and sign-out. */
export function AccountMenu() {
  const intl = useIntl();
  const session = useSessionActor();
  // The server renders a guest: the shopper's own session comes with hydration.
  const signedIn = useBrowserSelector(session, selectIsSignedIn, false);
  const user = useBrowserSelector(session, selectCurrentUser, null);
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', closeOutside);
    return () => document.removeEventListener('click', closeOutside);
  }, [open]);

  if (!signedIn) {
    const from = location.pathname === '/sign-in' ? undefined : `${location.pathname}${location.search}`;
    return (
      <Link to="/sign-in" state={from ? { from } : undefined} className={styles.signIn}>
        <IconUser />
        <span className={styles.label}>
          <FormattedMessage id="account.menu.signIn" defaultMessage="Sign in" />
        </span>
      </Link>
    );
  }
  return (
    <div
      ref={root}
      className={styles.menu}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          root.current?.querySelector('button')?.focus();
        }
      }}
    >
      <button type="button" className={styles.trigger} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        <IconUser />
        <span className={styles.label}>
          {user?.firstname
            ? intl.formatMessage({ id: 'account.menu.hello', defaultMessage: 'Hi, {name}' }, { name: user.firstname })
            : intl.formatMessage({ id: 'account.menu.account', defaultMessage: 'Account' })}
        </span>
      </button>
      <div id={menuId} className={styles.panel} hidden={!open}>
        <ul>
          {accountLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{intl.formatMessage(link.message)}</Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={styles.signOut}
              onClick={() => {
                setOpen(false);
                session.send({ type: 'session.signOut' });
                void navigate('/');
              }}
            >
              <FormattedMessage id="account.menu.signOut" defaultMessage="Sign out" />
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
