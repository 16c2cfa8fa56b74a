/**
 * Message catalogues by language. English is the source language: views carry English default
 * messages, so `en` needs no catalogue. Each other language is a folder of JSON files, one per area
 * of the shop (`fr/app.json`, `fr/catalog.json`…), merged when the language loads (its own chunk).
 */
export type Messages = Record<string, string>;

const CATALOGUES: Record<string, Record<string, () => Promise<{ default: Messages }>>> = {
  fr: import.meta.glob<{ default: Messages }>('./messages/fr/*.json'),
};

/** Messages for a BCP 47 locale (`fr-FR` → the `fr` files); English (or unknown) → none. */
export async function loadMessages(locale: string): Promise<Messages> {
  const language = locale.split('-')[0]?.toLowerCase() ?? 'en';
  const files = CATALOGUES[language];
  if (!files) return {};
  const parts = await Promise.all(Object.values(files).map((load) => load()));
  return Object.assign({}, ...parts.map((p) => p.default)) as Messages;
}
