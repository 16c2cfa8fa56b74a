import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { accessLog, type Logger } from './logger';

/**
 * The headers only a trusted front may set: the forwarded ones, which change the links the shop
 * writes, and the request id a front gives a request so that its log and ours name it alike.
 */
const FORWARDED_HEADERS = [
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-for',
  'x-forwarded-port',
  'x-forwarded-server',
  'forwarded',
  'x-request-id',
] as const;

/**
 * With no trusted proxy, `X-Forwarded-*`, `Forwarded` and `X-Request-Id` come from the client
 * itself: they are dropped before the backend, the Magento proxy or the access log reads them
 * (a forged `X-Forwarded-Host` put an attacker's host in password-reset links and
 * cacheable answers; a forged request id would name another request's lines in the log).
 */
export function dropForwardedHeaders(req: { headers: Record<string, unknown> }): void {
  for (const name of FORWARDED_HEADERS) if (req.headers[name] !== undefined) delete req.headers[name];
}

export interface FrontDoorOptions {
  logger: Logger;
  /** Headers every answer carries (security headers). */
  headers: Readonly<Record<string, string>>;
  /** Whether the peer that sent a request is a trusted proxy (whose forwarded headers are kept). */
  fromTrustedProxy: (address: string | undefined) => boolean;
  /**
   * Answers a request from what the shop kept (ADR 016's catalog answers, ADR 034's private ones)
   * and calls `next` when it kept nothing for it.
   */
  keptAnswer: ((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void) | null;
  /** Everything else: the Express application. */
  app: (req: IncomingMessage, res: ServerResponse) => void;
}

export interface FrontDoor {
  /** The server's request listener (`http.createServer(door.listener)`). */
  listener: RequestListener;
  /** Stopping: every answer from now on closes its connection. */
  startDraining(): void;
  draining(): boolean;
  /** Requests being answered now. */
  inFlight(): number;
}

const isKeptAnswerPath = (req: IncomingMessage) => {
  const url = req.url ?? '';
  return (req.method === 'GET' || req.method === 'HEAD') && url.startsWith('/graphql') && (url.length === 8 || url[8] === '?' || url[8] === '/');
};

/**
 * What every request goes through first, on Node's own request and response (ADR 016): counted
 * for a graceful stop, stripped of forwarded headers (and a request id) a trusted proxy did not set,
 * written to the access log with its request id, given the security headers. A GraphQL GET the shop kept an answer
 * for is then sent from here; everything else goes to Express.
 *
 * Why not Express middleware: a kept catalog answer is the busiest request a shop serves (Magento
 * answers it from Varnish, before PHP). Through Express's router it cost a third more CPU than the
 * sending itself (as a CPU profile showed), and those four rules are the same for every request, so they
 * live here once rather than as Express layers.
 */
export function frontDoor(options: FrontDoorOptions): FrontDoor {
  const { logger, fromTrustedProxy, keptAnswer, app } = options;
  const headers = Object.entries(options.headers);
  const log = accessLog(logger);
  let draining = false;
  let inFlight = 0;
  const finished = () => {
    inFlight--;
  };
  const listener: RequestListener = (req, res) => {
    inFlight++;
    res.once('close', finished);
    if (draining) res.setHeader('Connection', 'close');
    if (!fromTrustedProxy(req.socket.remoteAddress)) dropForwardedHeaders(req);
    log(req, res, () => undefined);
    for (const [name, value] of headers) res.setHeader(name, value);
    if (!keptAnswer || !isKeptAnswerPath(req)) return app(req, res);
    // Express catches what its handlers throw; here a throw would reach Node's server and stop the process.
    try {
      keptAnswer(req, res, (error) => (error === undefined ? app(req, res) : fail(res, error)));
    } catch (error) {
      fail(res, error);
    }
  };
  /** A kept answer that failed (its compressed copy could not be made): a 500 the access log records. */
  const fail = (res: ServerResponse, error: unknown) => {
    logger.error({ err: error }, 'a kept answer could not be sent');
    if (res.headersSent) return void res.destroy();
    res.writeHead(500, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify({ errors: [{ message: 'Internal server error' }] }));
  };
  return {
    listener,
    startDraining: () => {
      draining = true;
    },
    draining: () => draining,
    inFlight: () => inFlight,
  };
}
