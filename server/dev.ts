import { createServer as createHttpServer } from 'node:http';
import { createServer as createViteServer } from 'vite';
import { createShopServer } from './app';
import { readServerConfig } from './config';

/**
 * `npm run dev`: Vite's dev server (hot reload) behind the same backend routes as `npm start`.
 * DEV_HOT_RELOAD=off serves the same development build without watching files (end-to-end tests:
 * a colleague saving a file in the shared checkout must not reload the page under test).
 */
const hotReload = readHotReload(process.env.DEV_HOT_RELOAD);
const config = readServerConfig({ ...process.env, NODE_ENV: 'development' });
const shop = await createShopServer(config, null);
const server = createHttpServer(shop.listener);
const vite = await createViteServer({
  server: {
    middlewareMode: true,
    // Hot updates travel over the app's own port: two dev servers never fight over Vite's default one.
    ws: hotReload ? { server } : false,
    watch: hotReload ? {} : null,
    // The entry's module graph is transformed while the server starts, not on the first page load.
    warmup: { clientFiles: ['./src/main.tsx'] },
  },
  appType: 'spa',
});
shop.app.use(vite.middlewares);
server.listen(config.port, config.host, () => {
  console.log(`Dev shop at http://${config.host}:${config.port}/ca/${hotReload ? '' : ' (hot reload off)'}`);
});
const stop = () => server.close(() => void Promise.all([vite.close(), shop.close()]).then(() => process.exit(0)));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

function readHotReload(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`DEV_HOT_RELOAD must be "on" or "off", not "${value}"`);
}
