// The Magento contract checks of ../shared/magento (run by .ci/run, or `npm run magento:check`):
// 1. every GraphQL operation in src/ validates against Magento 2.4.9 + the extension SDL;
// 2. the running embedded backend's schema is a faithful subset of the same (0 differences).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const shared = resolve(process.env.SHARED_DIR ?? '../shared', 'magento');
if (!existsSync(shared)) {
  console.error(`The Magento contract is not at ${shared} (set SHARED_DIR to the folder holding magento/).`);
  process.exit(2);
}
const extension = 'backend/schema/extension.graphql';
const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit' }).status === 0;

console.log('━━ operations of src/ against Magento 2.4.9 + extension ━━');
const operationsOk = run([join(shared, 'validate-operations.mjs'), '--quiet', '--extend', extension, 'src']);

console.log('━━ embedded backend schema against Magento 2.4.9 + extension ━━');
const dataDir = mkdtempSync(join(tmpdir(), 'eyewear-schema-check-'));
const port = 4400 + Math.floor(Math.random() * 500);
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = `http://127.0.0.1:${port}/graphql`;
const ready = await new Promise((done) => {
  const deadline = Date.now() + 120_000;
  const poll = async () => {
    try {
      if ((await fetch(`${url}?query=%7BstoreConfig%7Bstore_code%7D%7D`)).ok) return done(true);
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline || server.exitCode !== null) return done(false);
    setTimeout(poll, 250);
  };
  void poll();
});
let schemaOk = false;
if (!ready) console.error('The embedded backend did not start within 120 s.');
else schemaOk = run([join(shared, 'check-backend-schema.mjs'), '--extend', extension, '--url', url]);
server.kill('SIGTERM');
await new Promise((done) => server.once('exit', done));
rmSync(dataDir, { recursive: true, force: true });
process.exit(operationsOk && schemaOk ? 0 : 1);
