import type { Database, Queryable } from '../../db/database';
import { authenticationError, inputError, retryLaterError } from '../../graphql/errors';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { checkPasswordStrength, isValidEmail, normalizeEmail } from '../../shared/input-rules';
import { securityOf, type ModuleDeps } from '../../shared/module-deps';
import { recentRequests, recordRequest } from '../../shared/throttle';
import { queueMail } from '../../shared/outbox';
import { hashPassword, newOpaqueToken, sha256, verifyPassword } from '../../shared/secure-tokens';
import {
  assertNotThrottled,
  clearSignInFailures,
  currentCustomerId,
  issueCustomerToken,
  recordSignInFailure,
  requireCustomerId,
  revokeAllTokens,
  revokeToken,
  SIGN_IN_REFUSED,
} from './customer-auth';
import {
  changeCustomerEmail,
  createCustomer,
  type CustomerCreateInput,
  type CustomerRow,
  requireCustomerAttributes,
  deletePasswordReset,
  findCustomerByEmail,
  findCustomerById,
  findPasswordReset,
  insertContactMessage,
  newsletterStatusOf,
  type ProfileChanges,
  savePasswordReset,
  setCustomerPasswordHash,
  setSubscription,
  updateCustomerProfile,
} from './customer.queries';
import { customerNode } from './customer.views';
import { mailWelcome } from './welcome.mail';

/**
 * What an unknown email's password is checked against: a hash of the same cost as a customer's, so
 * that a refused sign-in takes as long for an unknown email as for a known one with a wrong password
 * (the time would otherwise tell which emails have accounts, ADR 037). Made once, on first use.
 */
let unknownEmailHash: Promise<string> | null = null;
const hashForUnknownEmail = () => (unknownEmailHash ??= hashPassword(newOpaqueToken()));

/** Magento's refusal when an email asks for another reset within the minimum time (its store's contact email in place of %1). */
export const PASSWORD_RESET_TOO_SOON = 'We received too many requests for password resets. Please wait and try again later or contact %1.';
const SUPPORT_EMAIL = 'support@lunette.example';

/** Magento's password recovery link lifetime (customer/password/reset_link_expiration_period: 2 hours). */
export const PASSWORD_RESET_LIFETIME_SECONDS = 2 * 3600;

async function loadCustomerNode(q: Queryable, id: number) {
  const row = await findCustomerById(q, id);
  if (!row) throw inputError('The current customer is not found.');
  return customerNode(row);
}

async function signIn(deps: ModuleDeps, q: Queryable, emailArg: string, password: string): Promise<string> {
  const now = deps.clock.now();
  const email = normalizeEmail(emailArg);
  await assertNotThrottled(q, email, now);
  const customer = await findCustomerByEmail(q, email);
  if (!(await verifyPassword(password, customer?.password_hash ?? (await hashForUnknownEmail()))) || !customer) {
    await recordSignInFailure(q, email, now);
    return '';
  }
  await clearSignInFailures(q, email);
  return issueCustomerToken(q, customer.id, now);
}

/** The profile fields of `CustomerUpdateInput` / `CustomerInput`. */
type ProfileInput = Partial<Record<'firstname' | 'lastname' | 'middlename' | 'prefix' | 'suffix' | 'taxvat' | 'date_of_birth' | 'dob', string | null>> & {
  gender?: number | null;
  is_subscribed?: boolean | null;
};

export function customerResolvers(deps: ModuleDeps): Resolvers {
  /** Magento's UpdateCustomerAccount: the profile fields given (an empty first or last name is refused). */
  async function saveProfile(db: Database, id: number, input: ProfileInput): Promise<void> {
    requireCustomerAttributes(
      input,
      (['firstname', 'lastname'] as const).filter((name) => name in input),
    );
    const now = deps.clock.now();
    const changes: ProfileChanges = {};
    for (const c of ['firstname', 'lastname', 'middlename', 'prefix', 'suffix', 'gender', 'taxvat'] as const) {
      const value = input[c];
      if (c in input) changes[c] = typeof value === 'string' ? value.trim() : (value ?? null);
    }
    if ('date_of_birth' in input || 'dob' in input) changes.date_of_birth = input.date_of_birth ?? input.dob ?? null;
    await db.transaction(async (tx) => {
      await updateCustomerProfile(tx, id, changes, now);
      if (typeof input.is_subscribed === 'boolean') {
        const row = await findCustomerById(tx, id);
        await setSubscription(tx, row!.email, id, input.is_subscribed, now);
      }
    });
  }

  /** The customer's password confirms an email change; the newsletter subscription follows the new address. */
  async function changeEmail(db: Database, id: number, emailArg: string, password: string): Promise<void> {
    const email = normalizeEmail(emailArg);
    if (!isValidEmail(email)) throw inputError(`"${emailArg}" is not a valid email address.`);
    const now = deps.clock.now();
    await db.transaction(async (tx) => {
      const row = (await findCustomerById(tx, id))!;
      await assertNotThrottled(tx, row.email, now);
      if (!(await verifyPassword(password, row.password_hash))) throw authenticationError('Invalid login or password.');
      if (email === row.email) return;
      if (await findCustomerByEmail(tx, email)) throw inputError('A customer with the same email address already exists in an associated website.');
      await changeCustomerEmail(tx, id, email, now);
    });
  }

  /** A new account, and its welcome mail in the store view's language (queued in the same transaction). */
  async function createAccount(q: Queryable, input: CustomerCreateInput, ctx: { store: { code: string }; origin: string }): Promise<CustomerRow> {
    const now = deps.clock.now();
    const row = await createCustomer(q, input, ctx.store.code, now);
    await mailWelcome(q, deps, row, `${ctx.origin}/${ctx.store.code}/account-information`, now);
    return row;
  }

  return {
    Query: {
      customer: async (_root, _args, ctx) => loadCustomerNode(ctx.db, await requireCustomerId(ctx, deps)),
      isEmailAvailable: async (_root, args, ctx) => {
        if (!args.email?.trim()) throw inputError('Email must be specified');
        if (!isValidEmail(normalizeEmail(args.email))) throw inputError('Email is invalid');
        // Magento 2.4.7+: every email is "available" unless the merchant turns Guest Checkout Login on (ADR 037).
        if (!securityOf(deps).guestCheckoutLogin) return { is_email_available: true };
        return { is_email_available: !(await findCustomerByEmail(ctx.db, args.email)) };
      },
    },
    Mutation: {
      createCustomerV2: async (_root, args, ctx) => {
        const row = await ctx.db.transaction((tx) => createAccount(tx, args.input, ctx));
        return { customer: customerNode(row) };
      },
      // Magento's older `createCustomer` (CustomerInput, every field optional in the schema): the same rules as V2.
      createCustomer: async (_root, args, ctx) => {
        const { email, firstname, lastname, ...rest } = args.input;
        requireCustomerAttributes({ email, firstname, lastname }, ['email', 'firstname', 'lastname']);
        const input = { ...rest, email: email!, firstname: firstname!, lastname: lastname! };
        const row = await ctx.db.transaction((tx) => createAccount(tx, input, ctx));
        return { customer: customerNode(row) };
      },
      generateCustomerToken: async (_root, args, ctx) => {
        if (!args.email?.trim()) throw inputError('Specify the "email" value.');
        if (!args.password) throw inputError('Specify the "password" value.');
        // The failure is recorded even though the sign-in is refused, so the transaction must commit.
        const token = await ctx.db.transaction((tx) => signIn(deps, tx, args.email, args.password));
        if (!token) throw authenticationError(SIGN_IN_REFUSED);
        return { token };
      },
      revokeCustomerToken: async (_root, _args, ctx) => {
        await requireCustomerId(ctx, deps);
        await revokeToken(ctx.db, ctx.bearerToken!, deps.clock.now());
        return { result: true };
      },
      updateCustomerV2: async (_root, args, ctx) => {
        const id = await requireCustomerId(ctx, deps);
        await saveProfile(ctx.db, id, args.input);
        return { customer: await loadCustomerNode(ctx.db, id) };
      },
      // Magento's older `updateCustomer`: the profile, and the email when the current password confirms it.
      updateCustomer: async (_root, args, ctx) => {
        const id = await requireCustomerId(ctx, deps);
        const { email, password, ...profile } = args.input;
        await saveProfile(ctx.db, id, profile);
        if (email) {
          if (!password) throw inputError('Provide the current "password" to change "email".');
          await changeEmail(ctx.db, id, email, password);
        }
        return { customer: await loadCustomerNode(ctx.db, id) };
      },
      updateCustomerEmail: async (_root, args, ctx) => {
        const id = await requireCustomerId(ctx, deps);
        if (!args.email?.trim()) throw inputError('Specify the "email" value.');
        if (!args.password) throw inputError('Specify the "password" value.');
        await changeEmail(ctx.db, id, args.email, args.password);
        return { customer: await loadCustomerNode(ctx.db, id) };
      },
      changeCustomerPassword: async (_root, args, ctx) => {
        const id = await requireCustomerId(ctx, deps);
        if (!args.currentPassword) throw inputError('Specify the "currentPassword" value.');
        if (!args.newPassword) throw inputError('Specify the "newPassword" value.');
        const now = deps.clock.now();
        await ctx.db.transaction(async (tx) => {
          const row = (await findCustomerById(tx, id))!;
          await assertNotThrottled(tx, row.email, now);
          if (!(await verifyPassword(args.currentPassword, row.password_hash))) throw authenticationError('Invalid login or password.');
          checkPasswordStrength(args.newPassword, row.email);
          await setCustomerPasswordHash(tx, id, await hashPassword(args.newPassword), now);
          // Other sessions of this customer end; the one that changed the password stays signed in.
          await revokeAllTokens(tx, id, now, ctx.bearerToken);
        });
        return loadCustomerNode(ctx.db, id);
      },
      requestPasswordResetEmail: async (_root, args, ctx) => {
        if (!args.email?.trim()) throw inputError('You must specify an email address.');
        const email = normalizeEmail(args.email);
        if (!isValidEmail(email)) throw inputError('The email address has an invalid format.');
        const now = deps.clock.now();
        const minMinutes = securityOf(deps).passwordResetMinMinutes;
        await ctx.db.transaction(async (tx) => {
          // Magento's minimum time between two requests for one email, unknown ones alike (else the refusal would tell).
          if (minMinutes > 0) {
            const since = new Date(now.getTime() - minMinutes * 60_000);
            const { count, oldest } = await recentRequests(tx, 'password-reset', email, since);
            if (count > 0) {
              deps.log(`[throttle] password reset refused for ${email}: asked again within ${minMinutes} minutes`);
              // Only the first request within the window is kept (a refused one is not counted): it says when.
              throw retryLaterError(PASSWORD_RESET_TOO_SOON.replace('%1', SUPPORT_EMAIL), new Date(oldest!.getTime() + minMinutes * 60_000));
            }
            await recordRequest(tx, 'password-reset', email, now, since);
          }
          const customer = await findCustomerByEmail(tx, email);
          // An unknown email gets the same answer, so the form cannot be used to find accounts.
          if (!customer) return;
          const token = newOpaqueToken();
          await savePasswordReset(tx, customer.id, sha256(token), new Date(now.getTime() + PASSWORD_RESET_LIFETIME_SECONDS * 1000));
          const link = `${ctx.origin}/${ctx.store.code}/customer/account/createPassword?email=${encodeURIComponent(email)}&token=${token}`;
          await queueMail(tx, deps, {
            recipient: email,
            subject: 'Reset your Lunette Eyewear password',
            body: `Hello ${customer.firstname},\n\nThere was recently a request to change the password for your account. Set a new password here:\n${link}\n\nIf you did not make this request, you can ignore this message.`,
            link,
            now,
          });
        });
        return true;
      },
      resetPassword: async (_root, args, ctx) => {
        if (!args.email?.trim()) throw inputError('You must specify an email address.');
        const email = normalizeEmail(args.email);
        if (!isValidEmail(email)) throw inputError('The email address has an invalid format.');
        if (!args.resetPasswordToken?.trim()) throw inputError('resetPasswordToken must be specified');
        if (!args.newPassword) throw inputError('Specify the "newPassword" value.');
        const now = deps.clock.now();
        await ctx.db.transaction(async (tx) => {
          const customer = await findCustomerByEmail(tx, email);
          if (!customer) throw inputError("Cannot set the customer's password");
          const reset = await findPasswordReset(tx, customer.id);
          if (!reset || reset.token_hash !== sha256(args.resetPasswordToken.trim())) throw inputError('The password token is mismatched. Reset and try again.');
          if (reset.expires_at.getTime() <= now.getTime()) throw inputError('The password token is expired. Reset and try again.');
          checkPasswordStrength(args.newPassword, email);
          await setCustomerPasswordHash(tx, customer.id, await hashPassword(args.newPassword), now);
          await deletePasswordReset(tx, customer.id);
          await revokeAllTokens(tx, customer.id, now);
          await clearSignInFailures(tx, email);
        });
        return true;
      },
      subscribeEmailToNewsletter: async (_root, args, ctx) => {
        const email = normalizeEmail(args.email ?? '');
        if (!email) throw inputError('You must specify an email address to subscribe to a newsletter.');
        if (!isValidEmail(email)) throw inputError('Enter a valid email address.');
        const customerId = await currentCustomerId(ctx, deps);
        await ctx.db.transaction(async (tx) => {
          const owner = await findCustomerByEmail(tx, email);
          if (owner && owner.id !== customerId) throw inputError('Cannot create a newsletter subscription.');
          if ((await newsletterStatusOf(tx, email)) === 'SUBSCRIBED') throw inputError('This email address is already subscribed.');
          await setSubscription(tx, email, owner?.id ?? null, true, deps.clock.now());
        });
        return { status: 'SUBSCRIBED' };
      },
      contactUs: async (_root, args, ctx) => {
        const { name, email, telephone, comment } = args.input;
        if (!name?.trim()) throw inputError('Enter the Name and try again.');
        if (!comment?.trim()) throw inputError('Enter the comment and try again.');
        if (!isValidEmail(normalizeEmail(email ?? ''))) throw inputError('The email address is invalid. Verify the email address and try again.');
        const now = deps.clock.now();
        await ctx.db.transaction(async (tx) => {
          await insertContactMessage(
            tx,
            { name: name.trim(), email: normalizeEmail(email), telephone: telephone?.trim() || null, comment: comment.trim() },
            now,
          );
          await queueMail(tx, deps, {
            recipient: SUPPORT_EMAIL,
            subject: `Contact form: ${name.trim()}`,
            body: `From: ${name.trim()} <${normalizeEmail(email)}>${telephone ? `, ${telephone}` : ''}\n\n${comment.trim()}`,
            now,
          });
        });
        return { status: true };
      },
    },
  };
}
