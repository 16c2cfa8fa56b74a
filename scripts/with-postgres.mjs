// Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL cluster (installed with apt
// when missing and allowed), then stops the cluster and deletes it: the PostgreSQL test gate.
//   node scripts/with-postgres.mjs npx vitest run --project unit backend/
import { spawn } from 'node:child_process';
import { startThrowawayCluster } from './postgres-cluster.mjs';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args…]');
  process.exit(2);
}
const started = performance.now();
// PG_TEST_PORT: a fixed port for the cluster (default: a free one).
const cluster = await startThrowawayCluster(process.env.PG_TEST_PORT ? { port: Number(process.env.PG_TEST_PORT) } : {});
console.log(`PostgreSQL ready at ${cluster.url} (${Math.round(performance.now() - started)} ms)`);
const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: cluster.url } });
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code, signal) => {
  cluster.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
