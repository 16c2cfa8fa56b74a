/**
 * Message catalogues by language (issue 13, ADR 018). English is the source language: views carry
 * English default messages, and `messages/en.json` is their extraction (`npm run i18n:extract`),
 * never loaded. Each other language is a folder of JSON files, one per area of the shop
 * (`fr/app.json`, `de/catalog.json`…), merged when the language loads (its own chunk). A regional
 * folder (`es-MX/`, `de-CH/`), when there is one, holds only the messages that differ from its
 * language's and is merged over them; a region without one speaks its language (es-MX → `es`).
 */
export type Messages = Record<string, string>;

type CatalogueFiles = Record<string, () => Promise<{ default: Messages }>>;

/** Every `messages/<folder>/*.json`, by folder: a language (`de`) or a region (`de-CH`). */
const CATALOGUES: Record<string, CatalogueFiles> = {};
for (const [path, load] of Object.entries(import.meta.glob<{ default: Messages }>('./messages/*/*.json'))) {
  const folder = path.split('/')[2]!;
  (CATALOGUES[folder] ??= {})[path] = load;
}

/** The catalogue of a language without one (English, the source language, or an unknown one). */
export const NO_MESSAGES: Messages = Object.freeze({});

/** Catalogues already loaded, by locale: a page rendered on the server loads its own before the first render. */
const loaded = new Map<string, Messages>();

/** The folders a locale reads, language first: `es-MX` → `es` (and `es-MX` when it has one). */
function foldersOf(locale: string): string[] {
  const [language = 'en', region] = locale.split('-');
  const lang = language.toLowerCase();
  const regional = region ? `${lang}-${region.toUpperCase()}` : null;
  return [lang, regional].filter((folder): folder is string => folder !== null && folder in CATALOGUES);
}

/** The languages that have catalogues (their folders), English aside. */
export const TRANSLATED_LANGUAGES: readonly string[] = Object.keys(CATALOGUES).filter((folder) => !folder.includes('-'));

/**
 * The messages of a locale known without loading anything: {@link NO_MESSAGES} for a language
 * without a catalogue, null when its catalogue must load first. The first render of an English
 * store view thus has its (empty) catalogue at once, instead of rendering the whole page a second
 * time when an empty catalogue "arrives".
 */
export function messagesAtOnce(locale: string): Messages | null {
  const folders = foldersOf(locale);
  return folders.length > 0 ? (loaded.get(folders.join('+')) ?? null) : NO_MESSAGES;
}

/** Messages for a BCP 47 locale (`fr-FR` → the `fr` files; `es-MX` → `es`, then `es-MX`'s own); English (or unknown) → none. */
export async function loadMessages(locale: string): Promise<Messages> {
  const folders = foldersOf(locale);
  if (folders.length === 0) return NO_MESSAGES;
  const parts = await Promise.all(folders.map((folder) => Promise.all(Object.values(CATALOGUES[folder]!).map((load) => load()))));
  const messages = Object.assign({}, ...parts.flat().map((p) => p.default)) as Messages;
  loaded.set(folders.join('+'), messages);
  return messages;
}
