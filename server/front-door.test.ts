import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { frontDoor, type FrontDoorOptions } from './front-door';
import { createLogger } from './logger';

/** A logger whose JSON lines are kept for the test to read. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'info', destination }) };
}

let server: Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

/** The front door on a free port, with a kept answer for `/graphql?query=kept` and an app that echoes what reached it. */
async function doorWith(options: Partial<FrontDoorOptions> = {}) {
  const { lines, logger } = capturedLogger();
  const reachedApp: { url: string | undefined; forwardedHost: unknown }[] = [];
  const door = frontDoor({
    logger,
    headers: { 'X-Content-Type-Options': 'nosniff', 'Permissions-Policy': 'camera=(self)' },
    fromTrustedProxy: () => false,
    keptAnswer: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
      if (req.url === '/graphql?query=kept') {
        res.writeHead(200, { 'Content-Type': 'application/json', 'X-Magento-Cache-Debug': 'HIT' });
        return void res.end('{"data":{"kept":true}}');
      }
      if (req.url === '/graphql?query=broken') return next(new Error('the compressed copy could not be made'));
      if (req.url === '/graphql?query=thrown') throw new Error('a lookup that threw');
      next();
    },
    app: (req, res) => {
      reachedApp.push({ url: req.url, forwardedHost: req.headers['x-forwarded-host'] });
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('from the app');
    },
    ...options,
  });
  server = createServer(door.listener);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { door, url, lines, reachedApp };
}

describe('the front door every request goes through first (ADR 016)', () => {
  it('sends a kept answer itself, with the security headers, a request id and an access line; never reaching the app', async () => {
    const { url, lines, reachedApp } = await doorWith();
    const kept = await fetch(`${url}/graphql?query=kept`);
    expect(await kept.json()).toEqual({ data: { kept: true } });
    expect([kept.headers.get('x-content-type-options'), kept.headers.get('permissions-policy')]).toEqual(['nosniff', 'camera=(self)']);
    const id = kept.headers.get('x-request-id');
    expect(id).toMatch(/^[\w-]{36}$/);
    expect(reachedApp).toEqual([]);
    // The access line is written when the answer has finished (Node's 'finish'), which may be after the client has it.
    await expect.poll(() => lines).toContainEqual(expect.objectContaining({ reqId: id, req: { id, method: 'GET', path: '/graphql' }, res: { status: 200 } }));
  });

  it('hands everything else to the app with the same headers: a GraphQL GET kept nowhere, a POST, another path', async () => {
    const { url, reachedApp } = await doorWith();
    const answers = await Promise.all([
      fetch(`${url}/graphql?query=other`),
      fetch(`${url}/graphql`, { method: 'POST', body: '{}' }),
      fetch(`${url}/graphqlish?query=kept`),
      fetch(`${url}/ca/`),
    ]);
    for (const answer of answers) {
      expect(await answer.text()).toBe('from the app');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-request-id')).not.toBeNull();
    }
    expect(reachedApp.map((r) => r.url).sort()).toEqual(['/ca/', '/graphql', '/graphql?query=other', '/graphqlish?query=kept']);
  });

  it("drops a client's forwarded headers and request id unless a trusted proxy sent them", async () => {
    const untrusted = await doorWith();
    const forged = await fetch(`${untrusted.url}/ca/`, { headers: { 'X-Forwarded-Host': 'evil.example', 'X-Request-Id': 'someone-elses-id' } });
    expect(untrusted.reachedApp).toEqual([{ url: '/ca/', forwardedHost: undefined }]);
    expect(forged.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
    server?.close();
    const trusted = await doorWith({ fromTrustedProxy: (address) => address === '127.0.0.1' || address === '::ffff:127.0.0.1' });
    const proxied = await fetch(`${trusted.url}/ca/`, { headers: { 'X-Forwarded-Host': 'shop.example', 'X-Request-Id': 'lb-7f3a' } });
    expect(trusted.reachedApp).toEqual([{ url: '/ca/', forwardedHost: 'shop.example' }]);
    expect(proxied.headers.get('x-request-id')).toBe('lb-7f3a');
  });

  it('a kept answer that fails or throws is a logged 500 in GraphQL error form, not a hang nor a stopped process', async () => {
    const { url, lines } = await doorWith();
    const failed = await fetch(`${url}/graphql?query=broken`);
    expect([failed.status, await failed.json()]).toEqual([500, { errors: [{ message: 'Internal server error' }] }]);
    const thrown = await fetch(`${url}/graphql?query=thrown`);
    expect([thrown.status, await thrown.json()]).toEqual([500, { errors: [{ message: 'Internal server error' }] }]);
    expect(await (await fetch(`${url}/graphql?query=kept`)).json()).toEqual({ data: { kept: true } });
    await expect
      .poll(() => lines)
      .toContainEqual(
        expect.objectContaining({ msg: 'a kept answer could not be sent', err: expect.objectContaining({ message: 'the compressed copy could not be made' }) }),
      );
  });

  it('counts the requests in flight, and once draining closes each answer’s connection', async () => {
    let release: () => void = () => undefined;
    const { door, url } = await doorWith({
      app: (_req, res) => {
        release = () => res.end('done');
      },
    });
    expect(door.inFlight()).toBe(0);
    const pending = fetch(`${url}/slow`);
    await expect.poll(() => door.inFlight()).toBe(1);
    release();
    await (await pending).text();
    await expect.poll(() => door.inFlight()).toBe(0);
    door.startDraining();
    expect(door.draining()).toBe(true);
    expect((await fetch(`${url}/graphql?query=kept`)).headers.get('connection')).toBe('close');
  });
});
