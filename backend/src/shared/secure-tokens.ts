import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random string of letters and digits (rejection sampling keeps every character equally likely). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62];
    }
  }
  return out;
}

/** Masked cart id as Magento makes them: 32 unguessable characters. */
export const newMaskedCartId = () => randomAlphanumeric(32);

/** An opaque bearer secret (customer tokens, reset tokens, links). */
export const newOpaqueToken = (bytes = 32) => randomBytes(bytes).toString('hex');

/** Secrets are stored hashed, so a copy of the database does not hand out working tokens. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const hmacSha256 = (key: string, value: string) => createHmac('sha256', key).update(value).digest('hex');

export function equalSecrets(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Magento's uids are base64 of the numeric id. */
export const uidOf = (id: number | string) => Buffer.from(String(id)).toString('base64');

/** The largest id a table holds (PostgreSQL's `integer`): a uid past it names nothing (ADR 037). */
const MAX_ID = 2 ** 31 - 1;

export function idOfUid(uid: string): number | null {
  const decoded = Buffer.from(uid, 'base64').toString('utf8');
  return /^\d{1,10}$/.test(decoded) && uidOf(decoded) === uid && Number(decoded) <= MAX_ID ? Number(decoded) : null;
}

// scrypt with a per-password salt: slow on purpose so a stolen table is expensive to crack.
const SCRYPT_COST = 16384;
const LOWEST_SCRYPT_COST = 1024;
const KEY_LENGTH = 64;

/**
 * scrypt's cost (N) for a new password's hash: 16384, unless `PASSWORD_HASH_COST` names another
 * power of two from 1024 up (anything else keeps 16384). The test servers lower it: their passwords
 * guard nothing, and a hash at 16384 is about 46 ms of a core, a tenth of the backend tests' CPU.
 * A stored hash names its own cost, so one made under any setting is verified under any other.
 */
export function passwordHashCost(setting: string | undefined = process.env.PASSWORD_HASH_COST): number {
  const cost = Number(setting);
  const powerOfTwo = Number.isInteger(cost) && cost > 0 && (cost & (cost - 1)) === 0;
  return powerOfTwo && cost >= LOWEST_SCRYPT_COST && cost <= SCRYPT_COST ? cost : SCRYPT_COST;
}

function scryptAsync(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: cost, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const cost = passwordHashCost();
  const key = await scryptAsync(password, salt, cost);
  return `scrypt$${cost}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(cost));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
