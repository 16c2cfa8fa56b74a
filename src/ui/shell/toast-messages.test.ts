import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADDRESS_BOOK_TOASTS } from '../../machines/account/address-book.machine';
import { SAVED_FORM_TOASTS } from '../../machines/account/saved-form.machine';
import { LINK_DONE_TOASTS } from '../../machines/link-request/link-request.machine';
import { TOAST_MESSAGES } from './toast-messages';

const SRC = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.(test|stories)\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('toast words raised outside the views', () => {
  // Each id's words in every language: src/services/i18n/catalogues.test.ts.
  it('every toast message id a machine or service raises has words in the region', () => {
    const ids = new Set<string>();
    for (const file of [...sources(join(SRC, 'machines')), ...sources(join(SRC, 'services'))]) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bmessageId: ['"]([a-z]+\.[\w.]+)['"]/g)) ids.add(m[1]!);
    }
    expect([...ids]).toEqual(expect.arrayContaining(['wishlist.toast.saved', 'wishlist.toast.failed']));
    expect([...ids].filter((id) => !(id in TOAST_MESSAGES))).toEqual([]);
    expect(Object.entries(TOAST_MESSAGES).filter(([id, descriptor]) => descriptor.id !== id)).toEqual([]);
  });

  it('ADR 010: every toast of the account and link page machines carries a message id the region knows, whose English words are its message', () => {
    const toasts = [...Object.values(SAVED_FORM_TOASTS), ...Object.values(ADDRESS_BOOK_TOASTS), ...Object.values(LINK_DONE_TOASTS)];
    expect(toasts).toHaveLength(8);
    for (const toast of toasts) {
      expect(TOAST_MESSAGES[toast.messageId]?.defaultMessage, toast.messageId).toBe(toast.message);
    }
  });
});
