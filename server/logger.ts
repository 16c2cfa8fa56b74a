import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * The server's logger: one JSON line per event on stdout (pino), at LOG_LEVEL (default `info`;
 * `silent` under the unit tests), written without blocking a request. Nothing that could hold a secret is ever given to it: no
 * headers, no query strings, no bodies.
 */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  const level = options.level ?? process.env.LOG_LEVEL?.trim() ?? (process.env.VITEST ? 'silent' : 'info');
  // Written asynchronously: under load the lines of many requests go out in one write
  // instead of one blocking write each; pino flushes what is left when the process exits.
  const destination = options.destination ?? pino.destination({ dest: 1, sync: false });
  return pino({ level, base: { service: 'lunette' }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

/** A request id sent by a trusted front (`X-Request-Id`; the front door drops a client's own) is kept when it looks like one; else a new one. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The path of a request without its query string (GraphQL GETs carry cart ids and variables there). */
export const pathOf = (url: string | undefined) => {
  // indexOf and slice, not split: a GraphQL GET's query string is kilobytes, split copied it twice a request (as a CPU profile showed)
  const end = url?.indexOf('?') ?? -1;
  return url === undefined ? '/' : end < 0 ? url : url.slice(0, end);
};

/** The URL a request came with (Express shortens `req.url` inside a mounted router). */
const urlOf = (req: IncomingMessage & { originalUrl?: string }) => req.originalUrl ?? req.url;

/** Answers whose 5xx status is a designed outcome, not a failure of the server (see `answeredAsDesigned`). */
const designedAnswers = new WeakSet<ServerResponse>();

/**
 * Marks an answer whose status (500, 503) the shop means to send: a rendered error page, "not
 * ready". Its access line is a warning without an error and a stack: any other 5xx is logged at
 * error level with an Error ("failed with status code 500"), which an operator's alerting would
 * take for a crash.
 */
export function answeredAsDesigned(res: ServerResponse): void {
  designedAnswers.add(res);
}

const isDesigned = (res: ServerResponse & { err?: unknown }) => designedAnswers.has(res) && !res.err;

/**
 * The access log: one line per answered request with its id, method, path, status and time in ms.
 * The id is echoed as `X-Request-Id`, so a shopper's error report can be found in the log.
 *
 * Written here rather than by pino-http: pino-http made two child loggers per request
 * (and serialised the request for one) although nothing reads `req.log`; on a cached catalog GET
 * that was a tenth of the server's CPU. The line is the one pino-http wrote: `reqId`, `req` (id,
 * method, path), `res` (status), `ms`; a 5xx not answered as designed is an error with an `err`.
 */
export function accessLog(logger: Logger): (req: IncomingMessage & { originalUrl?: string; id?: string }, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const started = Date.now();
    const sent = req.headers['x-request-id'];
    const id = typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const done = (error?: Error) => {
      res.removeListener('close', done);
      res.removeListener('finish', done);
      res.removeListener('error', done);
      const status = res.statusCode;
      const path = pathOf(urlOf(req));
      const fields: Record<string, unknown> = {
        reqId: id,
        req: { id, method: req.method, path },
        res: { status },
        ms: Date.now() - started,
      };
      const failed = error ?? (status >= 500 && !isDesigned(res) ? new Error(`failed with status code ${status}`) : undefined);
      if (failed) fields.err = pino.stdSerializers.err(failed);
      const level = failed ? 'error' : status >= 400 ? 'warn' : 'info';
      logger[level](fields, `${req.method} ${path} ${status}`);
    };
    res.on('close', done);
    res.on('finish', done);
    res.on('error', done);
    next();
  };
}
