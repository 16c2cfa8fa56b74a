import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translationFor } from '../store-locales';
import { CATALOGUES, translateMessage } from './messages';

const LANGUAGES = ['fr', 'de', 'es', 'nl'] as const;
const placeholders = (text: string) => [...text.matchAll(/%\d/g)].map((m) => m[0]).sort();

/** Messages the backend writes: error factories' and user errors' literal messages, `${…}` as %1, %2… */
function backendMessages(): Map<string, string> {
  const root = resolve(import.meta.dirname, '../..');
  const files = (readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('generated') && !f.includes('seed'),
  );
  const found = new Map<string, string>();
  const pattern =
    /(?:(?:inputError|noSuchEntityError|authorizationError|authenticationError|alreadyExistsError|unable|PlaceOrderFailure|RestError)\(|message: |export const [A-Z_]+ = )(`(?:[^`\\]|\\.)*`|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g;
  for (const file of files) {
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(pattern)) {
      let n = 0;
      const message = (match[1] as string)
        .slice(1, -1)
        .replace(/\$\{[^}]*\}/g, () => `%${++n}`)
        .replace(/\\(['"`])/g, '$1');
      if (/^[A-Z"'].* /.test(message)) found.set(message, file);
    }
  }
  return found;
}

/**
 * What stays English on purpose: the messages the storefront recognises by their words (spec §5,
 * §8), and the ones only a developer sees (a query's missing argument, an internal failure).
 */
const ENGLISH_ON_PURPOSE = [
  // The check / money order's payee and mailing address: a company's name and postal address, not words.
  /^Lunette Eyewear Inc\./,
  /Could not find a cart with ID/,
  /The current user cannot perform operations on cart/,
  /The cart isn't active/,
  /^There are no source items with the in stock status$/,
  /^The requested qty is not available$/,
  /^Required parameter/,
  /^Required parameters are missing/,
  /^Specify the "/,
  /^Use `Query/,
  /^Cart ID length/,
  /^Cart with ID/,
  /^Wrong store code/,
  /^The store that was requested wasn't found/,
  /^Page id\/identifier/,
  /^"identifiers" of CMS blocks/,
  /^'search' or 'filter'/,
  /^Invalid match filter/,
  /^pageSize value|^currentPage value must/,
  /^The %1 address cannot contain/,
  /^Address "id" value/,
  /^resetPasswordToken must be specified$/,
  /^The alert type must be/,
  /^The product with SKU "%1" is not/,
  /^Internal Error/,
  /^Carrier with such method not found/,
  /Some of the products are out of stock/,
  /^You cannot specify multiple/,
  // A client's wrong request, not a shopper's (ADR 037: POST /graphql takes JSON only).
  /^The request must be sent as application\/json\.$/,
  /^The request contains the character U\+0000/,
  // A client's malformed request (ADR 037): a GET's `variables` not JSON, a document nested past what can be parsed.
  /^The "%1" parameter could not be read as JSON\.$/,
  /^Syntax Error: the document nests its brackets/,
  /^Decoding error\.$/,
  /^Missing key "/,
  /^The parameter "/,
];

describe('backend message catalogues', () => {
  it('every catalogue has every message, with the same %1 values', () => {
    const keys = new Set(LANGUAGES.flatMap((l) => Object.keys(CATALOGUES[l] ?? {})));
    for (const language of LANGUAGES) {
      const catalogue = CATALOGUES[language] ?? {};
      expect([...keys].filter((k) => catalogue[k] === undefined)).toEqual([]);
      for (const [key, text] of Object.entries(catalogue)) {
        expect(placeholders(text), `${language}: ${key}`).toEqual(placeholders(key));
        expect(text, `${language}: ${key}`).not.toBe('');
      }
    }
  });

  it('every message the backend writes for a shopper is in the catalogues (or stays English on purpose)', () => {
    const catalogue = CATALOGUES.fr ?? {};
    const missing = [...backendMessages().entries()]
      .filter(([message]) => catalogue[message] === undefined && !ENGLISH_ON_PURPOSE.some((p) => p.test(message)))
      .map(([message, file]) => `${file}: ${message}`);
    expect(missing).toEqual([]);
  });

  it('translates a whole message, a message with values (its values too), and joined messages sentence by sentence', () => {
    expect(translateMessage('fr_FR', 'Invalid login or password.')).toBe('Identifiant ou mot de passe incorrect.');
    expect(translateMessage('de_DE', 'Could not find a product with SKU "LN9999"')).toBe('Kein Produkt mit der Artikelnummer „LN9999“ gefunden');
    expect(translateMessage('nl_NL', 'OS (left eye) SPH is required. The exam date cannot be in the future.')).toBe(
      'L (linkeroog): de sfeer (SPH) is verplicht. De datum van de oogmeting kan niet in de toekomst liggen.',
    );
    expect(translateMessage('es_MX', 'Email is invalid')).toBe('El correo electrónico no es válido');
  });

  it('keeps English for English views, unknown messages and the spec §5 / §8 signals', () => {
    expect(translateMessage('en_GB', 'Invalid login or password.')).toBe('Invalid login or password.');
    expect(translateMessage('fr_FR', 'Something no catalogue has.')).toBe('Something no catalogue has.');
    expect(translateMessage('fr_FR', 'Could not find a cart with ID "x"')).toBe('Could not find a cart with ID "x"');
    expect(translateMessage('de_DE', 'The requested qty is not available')).toBe('The requested qty is not available');
  });

  it('de_CH takes German with ß spelt ss (Swiss Standard German)', () => {
    expect(translateMessage('de_CH', 'The product quantity should be greater than 0')).toBe('Die Produktmenge muss grösser als 0 sein');
  });
});

describe('translationFor: which translation a store view shows', () => {
  const texts = { de: 'Größe', es: 'Gafas', es_MX: 'Lentes', fr: 'Taille' };
  it('takes the locale’s own, else its language’s (respelt for de_CH), else none', () => {
    expect(translationFor(texts, 'es_MX')).toBe('Lentes');
    expect(translationFor(texts, 'es_ES')).toBe('Gafas');
    expect(translationFor(texts, 'de_DE')).toBe('Größe');
    expect(translationFor(texts, 'de_CH')).toBe('Grösse');
    expect(translationFor(texts, 'fr_CH')).toBe('Taille');
    expect(translationFor(texts, 'nl_NL')).toBeUndefined();
    expect(translationFor(undefined, 'fr_FR')).toBeUndefined();
  });
});
