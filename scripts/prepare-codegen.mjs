// `npm install`'s prepare script: writes the generated GraphQL types, which are not tracked (ADR 003, ADR 005):
// the storefront's operation types (`npm run codegen`, from the tracked Magento schema in backend/schema) and the
// backend's resolver types (`npm run codegen:backend`). Where one cannot be made it is skipped with a note, not
// failed: an install before the sources are there (a container layer with package.json alone: package.json runs
// this file only when it is there). The build and the server do not need the types; the typecheck and the tests do, and
// say so. A codegen that runs and fails (a document the schema refuses) fails the install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const schema = 'backend/schema/magento-os-2.4.9.graphql';
const steps = [
  { script: 'codegen', config: 'codegen.ts', needs: [schema, 'src'] },
  { script: 'codegen:backend', config: 'codegen.backend.ts', needs: ['backend/src'] },
];

let failed = false;
for (const { script, config, needs } of steps) {
  const missing = [config, ...needs].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    console.warn(`prepare: \`npm run ${script}\` skipped (no ${missing.join(', ')}); run it before the typecheck and the tests.`);
    continue;
  }
  const run = spawnSync('npm', ['run', '--silent', script, ...(script === 'codegen' ? ['--', '--silent'] : [])], { stdio: 'inherit' });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
