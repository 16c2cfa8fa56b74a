import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Counts } from './backend-counts';

/** One case of the table: journey × fault → what the backend holds, what the shopper saw. */
export interface ReportRow {
  journey: string;
  fault: string;
  counts: Counts | null;
  expected: Counts;
  messages: string[];
  log: string[];
  status: string;
}

export const ROWS_FILE = '.data/reports/faults.jsonl';
export const REPORT_FILE = '.data/reports/faults.md';

export function addRow(row: ReportRow): void {
  mkdirSync(dirname(ROWS_FILE), { recursive: true });
  appendFileSync(ROWS_FILE, `${JSON.stringify(row)}\n`);
}

export function readRows(): ReportRow[] {
  if (!existsSync(ROWS_FILE)) return [];
  return (
    readFileSync(ROWS_FILE, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ReportRow)
      // A case run again (a new worker after a failure) counts once: its last run.
      .filter((row, index, rows) => !rows.slice(index + 1).some((later) => later.journey === row.journey && later.fault === row.fault))
  );
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const countsOf = (c: Counts | null) => (c ? `${c.lines} (qty ${c.qty}) | ${c.orders} | ${c.emails} | ${cell(c.state)}` : '– | – | – | –');

/** The fault report's table (journey × fault → backend counts, shown message), in Markdown. */
export function table(rows: ReportRow[]): string {
  const lines = [
    '| journey | fault | lines | orders | order emails | state | shopper saw | result |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${cell(r.journey)} | ${cell(r.fault)} | ${countsOf(r.counts)} | ${cell(r.messages.join(' / ') || '(nothing)')} | ${r.status}${
          r.status === 'passed'
            ? ''
            : ` (expected ${r.expected.lines} lines, qty ${r.expected.qty}, ${r.expected.orders} orders, ${r.expected.emails} emails, ${cell(r.expected.state)})`
        } |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
