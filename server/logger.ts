import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';

export type { Logger };

/**
 * The server's logger: one JSON line per event on stdout (pino), at LOG_LEVEL (default `info`;
 * `silent` under the unit tests), written without blocking a request. Nothing that could hold a secret is ever given to it: no
 * headers, no query strings, no bodies.
 */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  const level = options.level ?? process.env.LOG_LEVEL?.trim() ?? (process.env.VITEST ? 'silent' : 'info');
  // Written asynchronously (issue 18): under load the lines of many requests go out in one write
  // instead of one blocking write each; pino flushes what is left when the process exits.
  const destination = options.destination ?? pino.destination({ dest: 1, sync: false });
  return pino({ level, base: { service: 'lunette' }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

/** A request id sent by a trusted front (`X-Request-Id`) is kept when it looks like one; else a new one. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The path of a request without its query string (GraphQL GETs carry cart ids and variables there). */
export const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0]!;

/** The URL a request came with (Express shortens `req.url` inside a mounted router). */
const urlOf = (req: IncomingMessage & { originalUrl?: string }) => req.originalUrl ?? req.url;

/** Answers whose 5xx status is a designed outcome, not a failure of the server (see `answeredAsDesigned`). */
const designedAnswers = new WeakSet<ServerResponse>();

/**
 * Marks an answer whose status (500, 503) the shop means to send: a rendered error page, "not
 * ready". Its access line is a warning without an error and a stack: pino-http would otherwise log
 * every 5xx at error level with an Error it makes up ("failed with status code 500"), which an
 * operator's alerting would take for a crash.
 */
export function answeredAsDesigned(res: ServerResponse): void {
  designedAnswers.add(res);
}

const isDesigned = (res: ServerResponse & { err?: unknown }) => designedAnswers.has(res) && !res.err;

/**
 * The access log: one line per answered request with its id, method, path, status and time in ms.
 * The id is echoed as `X-Request-Id`, so a shopper's error report can be found in the log.
 */
export function accessLog(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const sent = req.headers['x-request-id'];
      const id = typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // Only these fields: pino-http's default serializers would log every header (Authorization, cookies).
    serializers: {
      req: (req: { id: unknown; method: string; url: string; originalUrl?: string }) => ({
        id: req.id,
        method: req.method,
        path: pathOf(req.originalUrl ?? req.url),
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      err: pino.stdSerializers.err,
    },
    wrapSerializers: false,
    customAttributeKeys: { responseTime: 'ms' },
    customLogLevel: (_req, res, error) => (error || (res.statusCode >= 500 && !isDesigned(res)) ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    // A designed 5xx is logged without pino-http's made-up Error (its `err` and stack).
    customErrorObject: (_req, res, _error, fields: Record<string, unknown>) => {
      if (!isDesigned(res)) return fields;
      const { err: _made, ...rest } = fields;
      return rest;
    },
    customSuccessMessage: (req, res) => `${req.method} ${pathOf(urlOf(req))} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${pathOf(urlOf(req))} ${res.statusCode}`,
    quietReqLogger: true,
  });
}
