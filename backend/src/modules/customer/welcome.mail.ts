import type { Queryable } from '../../db/database';
import type { ModuleDeps } from '../../shared/module-deps';
import { queueMail } from '../../shared/outbox';
import { translateMessage } from '../../shared/messages/messages';
import { findStoreView } from '../store/store-views';
import type { CustomerRow } from './customer.queries';

/** The store's name in its mails (Magento's `$store.frontend_name`). */
const STORE_NAME = 'Lunette Eyewear';

/** Magento's customer_create_account_email_template, as text. */
export const WELCOME_SUBJECT = 'Welcome to %1';
export const WELCOME_GREETING = 'Welcome to %1.';
export const WELCOME_SIGN_IN = 'To sign in to our site, use these credentials during checkout or on the My Account page:';
export const WELCOME_EMAIL_LINE = 'Email: %1';
export const WELCOME_PASSWORD_LINE = 'Password: Password you set when creating account';

const fill = (locale: string, template: string, value: string) => translateMessage(locale, template).replace('%1', value);

/**
 * Every new account gets Magento's welcome mail, in the language of the store view it was created
 * in (spec §2 /create-account; ADR 018), through the outbox as every other mail.
 */
export async function mailWelcome(q: Queryable, deps: ModuleDeps, customer: CustomerRow, myAccountLink: string, now: Date): Promise<void> {
  const locale = (await findStoreView(q, customer.store_code))?.locale ?? 'en_US';
  const body = [
    fill(locale, WELCOME_GREETING, STORE_NAME),
    '',
    translateMessage(locale, WELCOME_SIGN_IN),
    myAccountLink,
    '',
    fill(locale, WELCOME_EMAIL_LINE, customer.email),
    translateMessage(locale, WELCOME_PASSWORD_LINE),
  ].join('\n');
  await queueMail(q, deps, { recipient: customer.email, subject: fill(locale, WELCOME_SUBJECT, STORE_NAME), body, now });
}
