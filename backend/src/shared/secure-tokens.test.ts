import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHashCost, verifyPassword } from './secure-tokens';

describe("a password's hash (scrypt, its cost set by PASSWORD_HASH_COST)", () => {
  it('is 16384 unless the setting names a power of two from 1024 up to 16384', () => {
    expect(passwordHashCost('')).toBe(16384);
    expect(passwordHashCost('1024')).toBe(1024);
    expect(passwordHashCost('4096')).toBe(4096);
    for (const refused of ['512', '2', '1000', '32768', '-1024', 'abc', '1024.5']) expect(passwordHashCost(refused)).toBe(16384);
  });

  it('names its cost, so a hash made under one setting is verified under another', async () => {
    const before = process.env.PASSWORD_HASH_COST;
    try {
      process.env.PASSWORD_HASH_COST = '1024';
      const cheap = await hashPassword('Correct-horse-1');
      expect(cheap).toMatch(/^scrypt\$1024\$/);
      process.env.PASSWORD_HASH_COST = '16384';
      const strong = await hashPassword('Correct-horse-1');
      expect(strong).toMatch(/^scrypt\$16384\$/);
      process.env.PASSWORD_HASH_COST = '1024';
      expect(await verifyPassword('Correct-horse-1', strong)).toBe(true);
      expect(await verifyPassword('Correct-horse-2', strong)).toBe(false);
      delete process.env.PASSWORD_HASH_COST;
      expect(passwordHashCost()).toBe(16384);
      expect(await verifyPassword('Correct-horse-1', cheap)).toBe(true);
      expect(await verifyPassword('correct-horse-1', cheap)).toBe(false);
    } finally {
      if (before === undefined) delete process.env.PASSWORD_HASH_COST;
      else process.env.PASSWORD_HASH_COST = before;
    }
  });
});
