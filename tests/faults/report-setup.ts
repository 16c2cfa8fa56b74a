import { rmSync, writeFileSync } from 'node:fs';
import { readRows, REPORT_FILE, ROWS_FILE, table } from './report';

/** Global setup: forgets the last run's rows; its teardown writes and prints the journey × fault table. */
export default function reportSetup(): () => void {
  rmSync(ROWS_FILE, { force: true });
  return () => {
    const rows = readRows();
    if (!rows.length) return;
    const text = `# Fault suite: journey × fault → backend counts, shown message\n\n${table(rows)}`;
    writeFileSync(REPORT_FILE, text);
    console.log(`\n${text}\nWritten to ${REPORT_FILE}`);
  };
}
