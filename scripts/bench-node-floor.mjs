// The floor of `npm run bench`: Node's own http server answering a fixed body as large as the kept
// category listing, with no framework, log or header of the shop. Whatever latency it shows under the
// same client at the same moment is the machine's and the client's, not the shop's (the
// p95 goals are absolute figures on a shared 2-core machine). Prints `ready <port>`.
import { createServer } from 'node:http';

const size = Number(process.env.FLOOR_BODY_BYTES ?? 8400);
const body = Buffer.from(JSON.stringify({ data: { floor: 'x'.repeat(Math.max(0, size - 22)) } }));
const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(`ready ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
