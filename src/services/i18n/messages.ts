/**
 * Message catalogues by language. English is the source language: views carry English default
 * messages, so `en` needs no catalogue. Other languages load on demand (their own chunk).
 */
export type Messages = Record<string, string>;

const CATALOGUES: Record<string, () => Promise<{ default: Messages }>> = {
  fr: () => import('./messages/fr.json'),
};

/** Messages for a BCP 47 locale (`fr-FR` → the `fr` catalogue); English (or unknown) → none. */
export async function loadMessages(locale: string): Promise<Messages> {
  const language = locale.split('-')[0]?.toLowerCase() ?? 'en';
  const load = CATALOGUES[language];
  return load ? (await load()).default : {};
}
