// A throwaway PostgreSQL cluster for tests: initdb in a temporary folder, a server on a free
// loopback port (trust authentication, no fsync), one database, removed again by stop(). Uses the
// server binaries of this machine (Debian's /usr/lib/postgresql/NN/bin, or initdb on PATH) and,
// when none exist and we are root with apt, installs Debian's `postgresql` package first.
// initdb and the server refuse to run as root: as root they run as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** The folder holding initdb, pg_ctl and postgres, or null. */
export function postgresBinDir() {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(debian, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const initdb = which.stdout.trim();
  return initdb ? join(initdb, '..') : null;
}

/** Why no cluster can be started here (no binaries, and no way to install them), or null. */
export function postgresUnavailableReason() {
  if (postgresBinDir()) return null;
  if (isRoot && existsSync('/usr/bin/apt-get')) return null;
  return "no PostgreSQL server binaries (initdb) here; install Debian's `postgresql` package or set DATABASE_URL";
}

/** Installs Debian's PostgreSQL server when it is missing (root with apt only); returns its bin folder. */
export function ensurePostgresInstalled() {
  const found = postgresBinDir();
  if (found) return found;
  if (!isRoot || !existsSync('/usr/bin/apt-get'))
    throw new Error("PostgreSQL is missing. Install Debian's package as root: `apt-get update && apt-get install -y postgresql`, or set DATABASE_URL.");
  console.log("Installing Debian's postgresql package (first run on this machine)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql'], { stdio: 'inherit', env });
  const installed = postgresBinDir();
  if (!installed) throw new Error('apt-get installed postgresql, but no initdb was found.');
  return installed;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary, as the `postgres` user when we are root. */
function run(binDir, name, args) {
  const binary = join(binDir, name);
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`${name} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/**
 * Starts a throwaway cluster (on `port`, else a free one) and creates `database` in it. Returns its URL and stop(), which stops
 * the server and deletes the folder.
 */
export async function startThrowawayCluster({ database = 'lunette', port: fixedPort } = {}) {
  const binDir = ensurePostgresInstalled();
  const dir = mkdtempSync(join(tmpdir(), 'lunette-pg-'));
  if (isRoot)
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })));
  const data = join(dir, 'data');
  const port = fixedPort ?? (await freePort());
  let started = false;
  const stop = () => {
    if (started) {
      try {
        run(binDir, 'pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
      } catch (error) {
        console.error(error.message);
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run(binDir, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    run(binDir, 'pg_ctl', ['start', '-D', data, '-w', '-t', '30', '-l', join(dir, 'server.log'), '-o', options]);
    started = true;
    run(binDir, 'createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database]);
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, stop };
}
