import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createBackend } from '../backend';

/** `npm run db:reset`: deletes the database folder and seeds a fresh one. */
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
rmSync(dataDir, { recursive: true, force: true });
const started = performance.now();
const backend = await createBackend({ dataDir: `${dataDir}/db`, cacheDir: `${dataDir}/cache` });
await backend.close();
console.log(`Database reset and seeded in ${dataDir} (${Math.round(performance.now() - started)} ms)`);
