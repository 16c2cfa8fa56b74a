import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** docs/decisions: every record says its status and date, and what it supersedes exists. */
const DIR = 'docs/decisions';
const records = readdirSync(DIR).filter((name) => /^\d{3}-.+\.md$/.test(name));

describe('decision records (a house a newcomer reads in an hour)', () => {
  it('number one after another, from 001', () => {
    expect(records.map((name) => Number(name.slice(0, 3)))).toEqual(records.map((_, i) => i + 1));
  });

  it.each(records)('%s names its status and date', (name) => {
    const text = readFileSync(join(DIR, name), 'utf8');
    expect(text).toMatch(new RegExp(`^# ${name.slice(0, 3)} — `));
    expect(text).toMatch(/^- Status: (proposed|accepted|superseded by ADR \d{3}|deprecated)\b/m);
    expect(text).toMatch(/^- Date: \d{4}-\d{2}-\d{2}$/m);
    for (const [, n] of text.matchAll(/(?:Supersedes|superseded by)[^\n]*?ADR (\d{3})/gi)) {
      expect(
        records.some((other) => other.startsWith(n!)),
        `ADR ${n} named by ${name}`,
      ).toBe(true);
    }
  });
});
