import { inputError } from '../graphql/errors';

// The same shape Magento's EmailAddress validator accepts: local@domain.tld, no spaces.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export const isValidEmail = (email: string) => email.length <= 254 && EMAIL.test(email);

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Magento's `Required parameter "x" is missing` for an empty argument. */
export function requireArgument<T>(value: T | null | undefined, name: string): T {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0)) {
    throw inputError(`Required parameter "${name}" is missing`);
  }
  return value;
}

export const MIN_PASSWORD_LENGTH = 8;
export const REQUIRED_CHARACTER_CLASSES = 3;
const MAX_PASSWORD_LENGTH = 256;

/** Magento's AccountManagement password rules (store config: minimum 8 characters, 3 classes). */
export function checkPasswordStrength(password: string, email?: string): void {
  if (password.length > MAX_PASSWORD_LENGTH) throw inputError(`Please enter a password with at most ${MAX_PASSWORD_LENGTH} characters.`);
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw inputError(`The password needs at least ${MIN_PASSWORD_LENGTH} characters. Create a new password and try again.`);
  }
  if (password.trim().length !== password.length) throw inputError("The password can't begin or end with a space. Verify the password and try again.");
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((pattern) => pattern.test(password)).length;
  if (classes < REQUIRED_CHARACTER_CLASSES) {
    throw inputError(
      `Minimum of different classes of characters in password is ${REQUIRED_CHARACTER_CLASSES}. Classes of characters: Lower Case, Upper Case, Digits, Special Characters.`,
    );
  }
  if (email && password.toLowerCase() === email.toLowerCase()) {
    throw inputError("The password can't be the same as the email address. Create a new password and try again.");
  }
}

/** Magento's `Required parameters are missing: a, b` for required fields of an input object. */
export function requireFields<T extends object>(input: T, fields: readonly (keyof T & string)[]): void {
  const missing = fields.filter((f) => {
    const v: unknown = input[f];
    return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.every((s) => !String(s ?? '').trim()));
  });
  if (missing.length) throw inputError(`Required parameters are missing: ${missing.join(', ')}`);
}

export const roundMoney = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** An optional input object's fields, each possibly missing (an absent input has none), for `requireArgument`. */
export const optionalInput = <T extends object>(input: T | null | undefined): Partial<T> => input ?? {};
