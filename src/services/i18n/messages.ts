/**
 * Message catalogues by language (ADR 019). English is the source language: views carry
 * English default messages, and `messages/en.json` is their extraction (`npm run i18n:extract`),
 * never loaded. Each other language is a folder of JSON files, one per area of the shop
 * (`fr/app.json`, `de/catalog.json`…), merged when the language loads (its own chunks). A regional
 * folder (`es-MX/`, `de-CH/`), when there is one, holds only the messages that differ from its
 * language's and is merged over them; a region without one speaks its language (es-MX → `es`).
 */
export type Messages = Record<string, string>;

/** The catalogue of a language without one (English, the source language, or an unknown one). */
export const NO_MESSAGES: Messages = Object.freeze({});

/** Catalogues already loaded, by locale: a page rendered on the server loads its own before the first render. */
const loaded = new Map<string, Messages>();

const isSourceLanguage = (locale: string) => (locale.split('-')[0] ?? 'en').toLowerCase() === 'en';

/**
 * The messages of a locale known without loading anything: {@link NO_MESSAGES} for English, the
 * catalogue once loaded, else null (it must load first). The first render of an English store view
 * thus has its (empty) catalogue at once, instead of rendering the whole page a second time when an
 * empty catalogue "arrives".
 */
export function messagesAtOnce(locale: string): Messages | null {
  return isSourceLanguage(locale) ? NO_MESSAGES : (loaded.get(locale) ?? null);
}

/** Messages for a BCP 47 locale (`fr-FR` → the `fr` files; `es-MX` → `es`, then `es-MX`'s own); English (or unknown) → none. */
export async function loadMessages(locale: string): Promise<Messages> {
  if (isSourceLanguage(locale)) return NO_MESSAGES;
  const { CATALOGUES, foldersOf } = await import('./catalogue-files');
  const folders = foldersOf(locale);
  const parts = await Promise.all(folders.map((folder) => Promise.all(Object.values(CATALOGUES[folder]!).map((load) => load()))));
  const messages = folders.length > 0 ? (Object.assign({}, ...parts.flat().map((p) => p.default)) as Messages) : NO_MESSAGES;
  loaded.set(locale, messages);
  return messages;
}
