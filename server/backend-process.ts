import { join } from 'node:path';
import { backendSourceVersion } from '../backend/src/db/source-version';
import { createShopServer } from './app';
import { readServerConfig } from './config';

/**
 * The embedded backend alone (no SPA), for tools that bring their own front-end server (Storybook,
 * story tests). Listens on PORT (0 = any free port) and prints one line `BACKEND_READY <url>`.
 */
const env: NodeJS.ProcessEnv = { PORT: '0', ...process.env };
// BACKEND_VERSIONED_DATA: keep one database per backend source version (Storybook), so a changed
// seed or schema never serves stale data.
if (env.BACKEND_VERSIONED_DATA && env.DATA_DIR) env.DATA_DIR = join(env.DATA_DIR, backendSourceVersion());
const config = readServerConfig(env);
const shop = await createShopServer(config, null);
const server = shop.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`BACKEND_READY http://${config.host}:${port}`);
});
const stop = () => {
  server.closeAllConnections();
  server.close(() => void shop.close().then(() => process.exit(0)));
  setTimeout(() => process.exit(1), 3000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// Started by a tool (Storybook, Vitest) with a pipe on stdin: when that tool dies, even by SIGKILL,
// the pipe closes and the backend goes with it instead of lingering as an orphan.
if (process.env.BACKEND_EXIT_WITH_PARENT) {
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
}
