import { fileURLToPath } from 'node:url';
import { createShopServer } from './app';
import { readServerConfig } from './config';

const config = readServerConfig();
const distDir = config.distDir ?? fileURLToPath(new URL('../dist/', import.meta.url));
const started = performance.now();
const shop = await createShopServer(config, distDir);
const server = shop.app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const source = config.magentoBackendUrl ? `Magento at ${config.magentoBackendUrl}` : `embedded backend, data in ${config.dataDir}`;
  console.log(`Shop ready at http://${config.host}:${port}/ca/ (${source}; started in ${Math.round(performance.now() - started)} ms)`);
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping`);
  server.close(() => {
    void shop.close().then(() => process.exit(0));
  });
  server.closeAllConnections();
  setTimeout(() => process.exit(1), 5000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
