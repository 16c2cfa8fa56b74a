import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { PageHeading } from '../shared/page-heading';
import { useDocumentTitle } from '../shared/use-document-title';
import { accountLinks } from './account-links';
import styles from './account.module.css';

/** An account page: its title, the account's other pages beside it (above it on phones). */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const intl = useIntl();
  useDocumentTitle(title);
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label={intl.formatMessage({ id: 'account.nav.label', defaultMessage: 'Your account' })}>
        <ul>
          {accountLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                {intl.formatMessage(link.message)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <PageHeading className={styles.title}>{title}</PageHeading>
        {children}
      </div>
    </div>
  );
}

/** A narrow page for the signed-out forms (sign in, create account, passwords, contact). */
export function FormPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className={styles.formPage}>
      <PageHeading className={styles.title}>{title}</PageHeading>
      {children}
    </div>
  );
}
