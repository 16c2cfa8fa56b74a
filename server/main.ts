import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataDirInUse } from '../backend/src/backend';
import { createShopServer } from './app';
import { missingPublicOrigin, readServerConfig } from './config';
import { createLogger } from './logger';

/** How long a stop waits for requests in flight before closing their connections. */
const DRAIN_MS = Number(process.env.SHUTDOWN_DRAIN_MS ?? 10_000);

const logger = createLogger();
const config = readServerConfig();
// The compiled server (`npm run build`) sits in dist/.server/ beside the SPA it serves; the source one in server/.
const here = dirname(fileURLToPath(import.meta.url));
const distDir = config.distDir ?? (basename(here) === '.server' ? resolve(here, '..') : resolve(here, '../dist'));
const started = performance.now();
/** Stops before serving anything: one fatal line (a refusal) or a stack (a crash), written out before the exit. */
async function refuse(fields: object, message: string): Promise<never> {
  logger.fatal(fields, message);
  await new Promise<void>((flushed) => logger.flush(() => flushed()));
  process.exit(1);
}
const unsafe = missingPublicOrigin(config);
if (unsafe) await refuse({}, unsafe);
// A data folder another process holds is a refusal, said in one line; anything else is a crash, with its stack.
const shop = await createShopServer(config, distDir, { logger }).catch((error: unknown) =>
  error instanceof DataDirInUse ? refuse({}, error.message) : refuse({ err: error }, 'the shop could not start'),
);
const server = shop.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // DATABASE_URL is not printed: it may hold a password.
  const source = config.magentoBackendUrl
    ? `Magento at ${config.magentoBackendUrl}`
    : config.databaseUrl
      ? `embedded backend on PostgreSQL (DATABASE_URL), derived files in ${config.dataDir}`
      : `embedded backend, data in ${config.dataDir}`;
  logger.info(
    { port, backend: config.magentoBackendUrl ? 'magento' : 'embedded' },
    `Shop ready at http://${config.host}:${port}/ca/ (${source}; started in ${Math.round(performance.now() - started)} ms)`,
  );
});

/**
 * Graceful stop (SIGTERM from an orchestrator, SIGINT from a terminal): `/ready` answers 503 and
 * every answer closes its connection; once no request has been in flight for a moment (requests
 * already sent on kept-alive connections are answered, not cut), the server stops listening, the
 * database is closed so PGlite leaves its folder consistent, and the process exits. Past DRAIN_MS
 * the connections still open are closed. A second signal stops at once.
 */
let stopping = false;
function stop(signal: string) {
  if (stopping) {
    logger.warn(`${signal} again: stopping now`);
    process.exit(1);
  }
  stopping = true;
  logger.info(`${signal}: stopping (draining requests in flight)`);
  shop.startDraining();
  const deadline = Date.now() + DRAIN_MS;
  let quietSince = shop.inFlight() === 0 ? Date.now() : null;
  const poll = setInterval(() => {
    if (shop.inFlight() > 0) quietSince = null;
    else quietSince ??= Date.now();
    const quiet = quietSince !== null && Date.now() - quietSince >= 200;
    if (!quiet && Date.now() < deadline) return;
    clearInterval(poll);
    if (!quiet) logger.warn(`${shop.inFlight()} requests still in flight after ${DRAIN_MS} ms: closing their connections`);
    server.close(() => {
      shop.close().then(
        () => {
          logger.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'the database did not close cleanly');
          process.exit(1);
        },
      );
    });
    server.closeAllConnections();
  }, 50);
  setTimeout(() => process.exit(1), DRAIN_MS + 5000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
