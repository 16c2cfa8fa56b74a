import { describe, expect, it, vi } from 'vitest';
import { toLanguageTag } from '../../machines/store-view/store-view.machine';
import { formatNumber, formatPrice } from './format-price';
import { createIntlErrorHandler } from './intl-errors';
import { loadMessages, messagesAtOnce, NO_MESSAGES } from './messages';

describe('i18n', () => {
  it('spec §9: the store config locale has underscores turned into hyphens; default en-CA', () => {
    expect(toLanguageTag('fr_FR')).toBe('fr-FR');
    expect(toLanguageTag(null)).toBe('en-CA');
  });

  it('spec §8: translation-missing errors are ignored, before and after the messages load', () => {
    let loaded = false;
    const onError = createIntlErrorHandler(() => loaded);
    expect(() => onError({ code: 'MISSING_TRANSLATION' })).not.toThrow();
    loaded = true;
    expect(() => onError({ code: 'MISSING_TRANSLATION' })).not.toThrow();
  });

  it('spec §8: other translation errors are rethrown once the messages have loaded', () => {
    let loaded = false;
    const onError = createIntlErrorHandler(() => loaded);
    const formatError = Object.assign(new Error('FORMAT_ERROR: bad plural'), { code: 'FORMAT_ERROR' });
    expect(() => onError(formatError)).not.toThrow();
    loaded = true;
    expect(() => onError(formatError)).toThrow('FORMAT_ERROR: bad plural');
  });

  it('an English store view has its (empty) catalogue at once, the same object every time; French must load', async () => {
    // A module of its own: the unit lane's files share a module graph (`--no-isolate`), and another
    // file may have loaded the French catalogue into the shared one already.
    vi.resetModules();
    const fresh = await import('./messages');
    expect(fresh.messagesAtOnce('en-CA')).toBe(fresh.NO_MESSAGES);
    expect(fresh.messagesAtOnce('en-GB')).toBe(fresh.messagesAtOnce('en-US'));
    expect(fresh.messagesAtOnce('fr-FR')).toBeNull();
  });

  it('loads the French catalogue for fr-* locales and nothing for English; once loaded, it is there at once (a hydrating page)', async () => {
    await expect(loadMessages('en-CA')).resolves.toEqual({});
    const french = await loadMessages('fr-FR');
    expect(Object.keys(french).length).toBeGreaterThan(0);
    expect(messagesAtOnce('fr-FR')).toBe(french);
    await expect(loadMessages('fr-CA')).resolves.toEqual(french);
  });

  it("formats prices in the store's locale and currency", () => {
    expect(formatPrice('en-CA', 'CAD', 1234.5)).toBe('$1,234.50');
    expect(formatPrice('fr-FR', 'EUR', 12.5).replace(/\s/g, ' ')).toBe('12,50 €');
    expect(formatPrice('de-CH', 'CHF', 10)).toMatch(/CHF.10\.00/);
    expect(formatNumber('fr-FR', 1234.5).replace(/\s/g, ' ')).toBe('1 234,5');
  });

  it('a bad currency is a clear error; an unknown locale falls back to en-CA', () => {
    expect(() => formatPrice('en-CA', 'dollars', 1)).toThrow('"dollars" is not an ISO 4217 currency code');
    expect(formatPrice('not a locale!', 'CAD', 1)).toBe('$1.00');
  });
});

describe('regional variants', () => {
  it('es-MX, de-CH and fr-CH speak their language: the es, de and fr catalogues', async () => {
    const spanish = await loadMessages('es-ES');
    expect(spanish['cart.add.button']).toBe('Añadir a la cesta');
    await expect(loadMessages('es-MX')).resolves.toEqual(spanish);
    expect((await loadMessages('de-CH'))['cart.add.button']).toBe((await loadMessages('de-DE'))['cart.add.button']);
    expect((await loadMessages('fr-CH'))['cart.add.button']).toBe((await loadMessages('fr-FR'))['cart.add.button']);
  });

  it('a language without a catalogue has no messages, at once for English', async () => {
    expect(messagesAtOnce('en-AU')).toBe(NO_MESSAGES);
    await expect(loadMessages('ja-JP')).resolves.toEqual({});
  });
});
