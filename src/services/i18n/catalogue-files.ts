/**
 * Every catalogue file, `messages/<folder>/*.json`, by folder: a language (`de`) or a region
 * (`de-CH`). Its own small chunk, loaded with the first catalogue: one lazy import per file (4
 * languages × 13 areas) weighed ~1 kB gzip in the shell chunk, over the home route's budget (ADR 019).
 */

/** One catalogue file: message id → ICU message (as messages.ts's `Messages`; not imported, which would make a cycle). */
type Messages = Record<string, string>;

export type CatalogueFiles = Record<string, () => Promise<{ default: Messages }>>;

export const CATALOGUES: Record<string, CatalogueFiles> = {};
for (const [path, load] of Object.entries(import.meta.glob<{ default: Messages }>('./messages/*/*.json'))) {
  const folder = path.split('/')[2]!;
  (CATALOGUES[folder] ??= {})[path] = load;
}

/** The folders a locale reads, language first: `es-MX` → `es` (and `es-MX` when it has one). */
export function foldersOf(locale: string): string[] {
  const [language = 'en', region] = locale.split('-');
  const lang = language.toLowerCase();
  const regional = region ? `${lang}-${region.toUpperCase()}` : null;
  return [lang, regional].filter((folder): folder is string => folder !== null && folder in CATALOGUES);
}

/** The languages that have catalogues (their folders), English aside. */
export const TRANSLATED_LANGUAGES: readonly string[] = Object.keys(CATALOGUES).filter((folder) => !folder.includes('-'));
