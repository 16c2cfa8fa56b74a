import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The code speaks of itself, not of its history: a comment or a test title says what the code does
 * and why, citing the spec's sections (§N) or an ADR (docs/decisions/NNN), never the work item, the
 * sitting or the outside page it came from. Those names mean nothing to a newcomer reading the
 * repository, and the reason they stood for is lost with them.
 *
 * Every tracked file outside docs/ is read (docs/ may keep dated history: ADR status lines, measured
 * benchmarks), this file included: its examples are written in two pieces, joined when the test
 * runs. Binary files are left out by their extension.
 */
const HISTORY: readonly { readonly pattern: RegExp; readonly says: string }[] = [
  { pattern: /\bsessions? \d+|\bsession-\d+|\b\d+(?:st|nd|rd|th) session\b/i, says: 'a numbered work session' },
  { pattern: /\b(?:earlier|this|last|previous) session\b/i, says: 'a work session' },
  { pattern: /\bissues? #?\d+|\bissue ["]|\bthe issue'?s\b/i, says: 'a tracker issue' },
  { pattern: /\bdefects? \d+/i, says: "an issue's numbered defect" },
  { pattern: /\bwalk s\d+|\(s\d{1,2}\)/i, says: 'a work session, abbreviated' },
  { pattern: /\bDESIGN(?:\.md)? §|\bDESIGN\.md\b/, says: 'a design page outside the repository (cite the ADR or the reason)' },
];

const BINARY = /\.(?:png|jpe?g|webp|gif|ico|woff2?|ttf|mp4|webm|wasm|bin|gz|br|zip|pdf)$/i;

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return listed.split('\0').filter((path) => path !== '' && !path.startsWith('docs/') && !BINARY.test(path));
}

/** Every line of a tracked file that speaks of history, as `file:line: what (the line)`. */
function historyMentions(): string[] {
  const found: string[] = [];
  for (const path of trackedTextFiles()) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue; // listed by git but not in this checkout (deleted, not yet committed)
    }
    text.split('\n').forEach((line, index) => {
      const hit = HISTORY.find(({ pattern }) => pattern.test(line));
      if (hit) found.push(`${path}:${index + 1}: ${hit.says}: ${line.trim().slice(0, 160)}`);
    });
  }
  return found;
}

describe('the code speaks of itself, not of its history', () => {
  it('each pattern finds what it stands for, and not a plain word', () => {
    const speaks = (line: string) => HISTORY.some(({ pattern }) => pattern.test(line));
    // Two pieces each, so that this file does not hold what it looks for.
    for (const [before, after] of [
      ['// Session ', '12: the cart waits'],
      ["it('issue", " 20: a lost answer'"],
      ['see session-', '17'],
      ['the 3rd ', 'session found it'],
      ['an earlier ', 'session found it'],
      ['(defect ', '3)'],
      ['(walk s', '14)'],
      ['a walk (s', '17)'],
      ['see DESIGN ', '§6.7'],
      ['see DESIGN', '.md'],
      ['the ', "issue's goal"],
    ] as const) {
      const line = before + after;
      expect(speaks(line), line).toBe(true);
    }
    for (const line of [
      'the session machine signs the shopper out',
      'issues the prescription-fix key',
      'const issues = formIssuesOf(snapshot);',
      'https://github.com/rolldown/rolldown/issues/9729',
      'spec §4 Cart lifecycle (ADR 011)',
    ]) {
      expect(speaks(line), line).toBe(false);
    }
  });

  it('no tracked file outside docs/ names a session, an issue, its defects or the design page', () => {
    const mentions = historyMentions();
    expect(mentions, `Say what the code does and why instead (cite spec §N or docs/decisions/NNN):\n${mentions.join('\n')}`).toEqual([]);
  });
});
