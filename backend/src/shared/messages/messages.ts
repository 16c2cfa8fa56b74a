import { isEnglish, type Translations, translationFor } from '../store-locales';
import de from './de.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import nl from './nl.json' with { type: 'json' };

/**
 * The backend's message catalogues, as Magento's i18n CSVs: the English message is the
 * key, `%1`, `%2`… stand for its values. Messages are thrown and stored in English, as Magento's
 * code writes them; `translateMessage` puts one into a store view's language when it is answered.
 *
 * Left out on purpose (so they stay English in every view): the messages the storefront recognises
 * by their words (spec §5: "Could not find a cart", "The cart isn't active", "The current user
 * cannot perform operations on cart"; spec §8: the out-of-stock messages). The shopper never reads
 * them: the storefront resets the cart or drops the item and shows its own words.
 */
type Catalogue = Readonly<Record<string, string>>;

export const CATALOGUES: Translations<Catalogue> = { de, es, fr, nl };

/** Words the storefront matches in a message (spec §5, §8): a message holding them is never translated. */
export const SIGNAL_MESSAGES: readonly RegExp[] = [
  /Could not find a cart/,
  /No such entity with cartId/,
  /The cart isn't active/,
  /The current user cannot perform operations on cart/,
  /Some of the products are out of stock\./,
  /There are no source items with the in stock status/,
  /The requested qty is not available/,
];

interface Template {
  pattern: RegExp;
  translation: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A catalogue's messages with values, as patterns that recognise a message with its values filled in. */
function templatesOf(catalogue: Catalogue): Template[] {
  return Object.entries(catalogue)
    .filter(([key]) => /%\d/.test(key))
    .map(([key, translation]) => ({
      pattern: new RegExp(
        `^${key
          .split(/(%\d)/)
          .map((part) => (/^%\d$/.test(part) ? '(.+?)' : escapeRegExp(part)))
          .join('')}$`,
        's',
      ),
      translation,
    }));
}

interface LocaleMessages {
  catalogue: Catalogue;
  templates: Template[];
}
const byLocale = new Map<string, LocaleMessages | null>();

function messagesOf(locale: string): LocaleMessages | null {
  if (!byLocale.has(locale)) {
    const catalogue = isEnglish(locale) ? undefined : translationFor(CATALOGUES, locale);
    byLocale.set(locale, catalogue ? { catalogue, templates: templatesOf(catalogue) } : null);
  }
  return byLocale.get(locale) ?? null;
}

function translateWhole(messages: LocaleMessages, message: string): string | null {
  const exact = messages.catalogue[message];
  if (exact !== undefined) return exact;
  for (const t of messages.templates) {
    const match = t.pattern.exec(message);
    if (!match) continue;
    // a value that is itself a message ("OD (right eye)") is translated too
    return t.translation.replace(/%(\d)/g, (_, n: string) => {
      const value = match[Number(n)] ?? '';
      return messages.catalogue[value] ?? value;
    });
  }
  return null;
}

/**
 * `message` in the language of `locale`: the whole message, else sentence by sentence (messages
 * joined into one, as the prescription checks do); what the catalogue lacks stays English.
 */
export function translateMessage(locale: string, message: string): string {
  const messages = messagesOf(locale);
  if (!messages || SIGNAL_MESSAGES.some((signal) => signal.test(message))) return message;
  const whole = translateWhole(messages, message);
  if (whole !== null) return whole;
  const sentences = message.split(/(?<=[.!?])\s+(?=[A-Z"])/);
  if (sentences.length < 2) return message;
  return sentences.map((s) => translateWhole(messages, s) ?? s).join(' ');
}
