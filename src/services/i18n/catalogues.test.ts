import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { TRANSLATED_LANGUAGES } from './catalogue-files';

/**
 * The message catalogues (ADR 019): `messages/en.json` is what `npm run i18n:extract`
 * extracts from the code, and every other language has every one of its messages, with the same
 * placeholders, and no message the code no longer has.
 */
const ROOT = join(import.meta.dirname, '../../..');
const MESSAGES = join(import.meta.dirname, 'messages');
const english = JSON.parse(readFileSync(join(MESSAGES, 'en.json'), 'utf8')) as Record<string, string>;

const folders = readdirSync(MESSAGES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

function catalogueOf(folder: string): { messages: Record<string, string>; duplicates: string[] } {
  const messages: Record<string, string> = {};
  const duplicates: string[] = [];
  for (const file of readdirSync(join(MESSAGES, folder)).filter((f) => f.endsWith('.json'))) {
    for (const [id, text] of Object.entries(JSON.parse(readFileSync(join(MESSAGES, folder, file), 'utf8')) as Record<string, unknown>)) {
      if (id in messages) duplicates.push(`${file}: ${id}`);
      messages[id] = String(text);
    }
  }
  return { messages, duplicates };
}

/** A message's placeholders and tags: `{count, plural}`, `{name}`, `<b>`, sorted. */
export function placeholdersOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument) found.add(`{${el.value}}`);
      else if (el.type === TYPE.number) found.add(`{${el.value}, number}`);
      else if (el.type === TYPE.date || el.type === TYPE.time) found.add(`{${el.value}, date}`);
      else if (el.type === TYPE.plural) {
        found.add(`{${el.value}, plural}`);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === TYPE.select) {
        found.add(`{${el.value}, select: ${Object.keys(el.options).sort().join('|')}}`);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === TYPE.tag) {
        found.add(`<${el.value}>`);
        walk(el.children);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

describe('message catalogues', () => {
  it('the English source catalogue is what npm run i18n:extract extracts from the code now', () => {
    const out = mkdtempSync(join(tmpdir(), 'i18n-extract-'));
    try {
      const script = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts['i18n:extract'] as string;
      const args = script
        .replace(/^formatjs /, '')
        .replace(/--out-file \S+/, `--out-file ${join(out, 'en.json')}`)
        .match(/'[^']*'|\S+/g)!
        .map((a) => a.replace(/^'|'$/g, ''));
      execFileSync(join(ROOT, 'node_modules/.bin/formatjs'), args, { cwd: ROOT, stdio: 'pipe' });
      const extracted = JSON.parse(readFileSync(join(out, 'en.json'), 'utf8')) as Record<string, string>;
      expect(extracted, 'messages/en.json is stale: run npm run i18n:extract').toEqual(english);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('every message id is a dotted path, and the code has several hundred', () => {
    expect(Object.keys(english).length).toBeGreaterThan(650);
    expect(Object.keys(english).filter((id) => !/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9-]+)+$/.test(id))).toEqual([]);
  });

  it('the languages with catalogues include French, German, Spanish and Dutch, and the shop loads each folder', () => {
    const languages = folders.filter((f) => !f.includes('-')).sort();
    expect(languages).toEqual(expect.arrayContaining(['de', 'es', 'fr', 'nl']));
    expect([...TRANSLATED_LANGUAGES].sort()).toEqual(languages);
  });

  describe.each(folders.filter((f) => !f.includes('-')))('%s', (language) => {
    const { messages, duplicates } = catalogueOf(language);

    it('has every message of the code, each once, and none the code no longer has', () => {
      expect(
        Object.keys(english).filter((id) => !(id in messages)),
        'missing messages',
      ).toEqual([]);
      expect(
        Object.keys(messages).filter((id) => !(id in english)),
        'messages the code does not have',
      ).toEqual([]);
      expect(duplicates, 'a message in two files').toEqual([]);
    });

    it('each message is valid ICU with the same placeholders, plurals, selects and tags as the English one', () => {
      const differ = Object.entries(messages)
        .filter(([id]) => id in english)
        .filter(([id, text]) => JSON.stringify(placeholdersOf(text)) !== JSON.stringify(placeholdersOf(english[id]!)))
        .map(([id, text]) => `${id}: ${text}`);
      expect(differ).toEqual([]);
    });
  });

  it('a regional folder holds only messages of the code, over its language', () => {
    for (const region of folders.filter((f) => f.includes('-'))) {
      expect(folders, region).toContain(region.split('-')[0]);
      const { messages } = catalogueOf(region);
      expect(
        Object.keys(messages).filter((id) => !(id in english)),
        region,
      ).toEqual([]);
    }
  });
});
