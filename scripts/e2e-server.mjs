// Starts the production server for the end-to-end tests on a fresh database (DATA_DIR is wiped).
// The mail the backend queues (its outbox, logged as `[outbox] to …: subject`) is also written to
// `<DATA_DIR>-outbox.log`, one line a mail, for the specs that check what was sent.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

const dataDir = resolve(process.env.DATA_DIR ?? '.data/e2e');
const outboxLog = `${dataDir}-outbox.log`;
rmSync(dataDir, { recursive: true, force: true });
rmSync(outboxLog, { force: true });
// The compiled server that `npm start` and the Dockerfile run (npm run build makes it), else the sources.
const compiled = resolve(process.env.DIST_DIR ?? 'dist', '.server', 'main.js');
const child = spawn(process.execPath, existsSync(compiled) ? [compiled] : ['--import', 'tsx', 'server/main.ts'], {
  stdio: ['inherit', 'pipe', 'inherit'],
  // Access logs off (LOG_LEVEL=warn) unless asked for: the specs read this output for the outbox.
  // GUEST_CHECKOUT_LOGIN on: the journeys check the storefront's notice of a guest email that has an account,
  // which a merchant gets by turning Magento's setting on (off by default, ADR 037; the backend's tests cover both).
  // PASSWORD_HASH_COST at scrypt's lowest the backend takes: the journeys' passwords guard nothing (secure-tokens.ts).
  env: { LOG_LEVEL: 'warn', GUEST_CHECKOUT_LOGIN: '1', PASSWORD_HASH_COST: '1024', ...process.env, DATA_DIR: dataDir },
});
createInterface({ input: child.stdout }).on('line', (line) => {
  console.log(line);
  if (line.startsWith('[outbox] ')) appendFileSync(outboxLog, `${line}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
