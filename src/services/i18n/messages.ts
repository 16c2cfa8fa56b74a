/**
 * Message catalogues by language. English is the source language: views carry English default
 * messages, so `en` needs no catalogue. Each other language is a folder of JSON files, one per area
 * of the shop (`fr/app.json`, `fr/catalog.json`…), merged when the language loads (its own chunk).
 */
export type Messages = Record<string, string>;

const CATALOGUES: Record<string, Record<string, () => Promise<{ default: Messages }>>> = {
  fr: import.meta.glob<{ default: Messages }>('./messages/fr/*.json'),
};

/** The catalogue of a language without one (English, the source language, or an unknown one). */
export const NO_MESSAGES: Messages = Object.freeze({});

/** Catalogues already loaded, by language: a page rendered on the server loads its own before the first render. */
const loaded = new Map<string, Messages>();
const languageOf = (locale: string) => locale.split('-')[0]?.toLowerCase() ?? 'en';

const cataloguesOf = (locale: string) => CATALOGUES[languageOf(locale)];

/**
 * The messages of a locale known without loading anything: {@link NO_MESSAGES} for a language
 * without a catalogue, null when its catalogue must load first. The first render of an English
 * store view thus has its (empty) catalogue at once, instead of rendering the whole page a second
 * time when an empty catalogue "arrives".
 */
export function messagesAtOnce(locale: string): Messages | null {
  return cataloguesOf(locale) ? (loaded.get(languageOf(locale)) ?? null) : NO_MESSAGES;
}

/** Messages for a BCP 47 locale (`fr-FR` → the `fr` files); English (or unknown) → none. */
export async function loadMessages(locale: string): Promise<Messages> {
  const files = cataloguesOf(locale);
  if (!files) return NO_MESSAGES;
  const parts = await Promise.all(Object.values(files).map((load) => load()));
  const messages = Object.assign({}, ...parts.map((p) => p.default)) as Messages;
  loaded.set(languageOf(locale), messages);
  return messages;
}
