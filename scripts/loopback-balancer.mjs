// A TCP balancer on the loopback interface in front of several server processes (ADR 038): each
// client connection goes to the next process in turn; a process that refuses the connection (it
// died, or is restarting) is skipped for a moment and the connection tried on the next one. A
// connection whose process dies while it is open is closed (the client sees its answer lost, as
// behind any load balancer). No dependency and no apt package: Node's `net` only, so the
// kill-one-process drill runs wherever `npm test` does.
//   node scripts/loopback-balancer.mjs <port> <target-port> [<target-port>…]
import net from 'node:net';
import { pathToFileURL } from 'node:url';

/** How long a process that refused a connection is skipped. */
const DOWN_MS = 1000;

/**
 * Listens on `port` (0: a free one) of 127.0.0.1 and spreads connections over `targets`
 * (`{ host, port }`). Answers its port, how many connections each target was given, and close().
 */
export function startBalancer(targets, port = 0) {
  const downUntil = new Map();
  const given = targets.map(() => 0);
  let next = 0;
  const sockets = new Set();
  const pick = (tried) => {
    for (let i = 0; i < targets.length; i++) {
      const index = (next + i) % targets.length;
      if (tried.has(index) || (downUntil.get(index) ?? 0) > Date.now()) continue;
      next = index + 1;
      return index;
    }
    // every one down or tried: the least recently failed one not tried yet, else none
    const untried = targets.map((_, i) => i).filter((i) => !tried.has(i));
    return untried.length ? untried[0] : -1;
  };
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    client.pause();
    const tried = new Set();
    const connect = () => {
      const index = pick(tried);
      if (index < 0) return void client.destroy();
      tried.add(index);
      const upstream = net.connect(targets[index]);
      sockets.add(upstream);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        given[index]++;
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      upstream.on('error', () => {
        if (connected) return void client.destroy();
        downUntil.set(index, Date.now() + DOWN_MS);
        connect();
      });
      upstream.on('close', () => {
        sockets.delete(upstream);
        if (connected) client.destroy();
      });
      client.on('close', () => upstream.destroy());
    };
    connect();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({
        port: server.address().port,
        given,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [port, ...targetPorts] = process.argv.slice(2).map(Number);
  if (!targetPorts.length) {
    console.error('usage: node scripts/loopback-balancer.mjs <port> <target-port> [<target-port>…]');
    process.exit(2);
  }
  const balancer = await startBalancer(
    targetPorts.map((p) => ({ host: '127.0.0.1', port: p })),
    port,
  );
  console.log(`balancing 127.0.0.1:${balancer.port} over ${targetPorts.join(', ')}`);
}
