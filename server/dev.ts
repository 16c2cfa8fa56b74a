import { createServer as createViteServer } from 'vite';
import { createShopServer } from './app';
import { readServerConfig } from './config';

/** `npm run dev`: Vite's dev server (hot reload) behind the same backend routes as `npm start`. */
const config = readServerConfig({ ...process.env, NODE_ENV: 'development' });
const shop = await createShopServer(config, null);
const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'spa' });
shop.app.use(vite.middlewares);
const server = shop.app.listen(config.port, config.host, () => {
  console.log(`Dev shop at http://${config.host}:${config.port}/ca/`);
});
const stop = () => server.close(() => void Promise.all([vite.close(), shop.close()]).then(() => process.exit(0)));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
