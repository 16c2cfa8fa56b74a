// Starts the development server (Vite middleware + the embedded backend, server/dev.ts) for the
// end-to-end tests that need a development build (the machine inspector), on a fresh database
// (DATA_DIR is wiped), so every run starts from the seeded shop. Hot reload is off: files saved in
// the shared checkout while the tests run must not reload the page under test.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dataDir = resolve(process.env.DATA_DIR ?? '.data/e2e-dev');
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['--import', 'tsx', 'server/dev.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, DEV_HOT_RELOAD: 'off' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
