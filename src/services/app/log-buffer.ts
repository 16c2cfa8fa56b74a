/**
 * The shop's log (spec §9 "Log buffer 30 lines"): every line the shop logs — unhandled errors with
 * their id (spec §8), the cache persistence messages ('Error persisting cache', …) — is kept, the
 * last 30 lines only, so the unhandled-error overlay can show them under "Details". Each line is
 * also echoed to the console, where developers look first.
 */

export const LOG_BUFFER_LINES = 30;

export interface LogLine {
  /** When it was written (ms timestamp). */
  at: number;
  text: string;
}

/** The signature every logger of the shop shares (cache persistence, app actors). */
export type LogWriter = (message: string, error?: unknown) => void;

export interface LogBuffer {
  /** Logs a message and, when given, the error's class and message; a multi-line text counts as several lines. */
  write: LogWriter;
  /** The kept lines, oldest first; the same array until something is written (for useSyncExternalStore). */
  lines(): readonly LogLine[];
  /** Called after every write; returns its removal. */
  subscribe(listener: () => void): () => void;
}

export interface LogBufferOptions {
  /** How many lines are kept (default: spec §9's 30). */
  limit?: number;
  now?: () => number;
  /** Where each write is echoed (default: console.error); null for none. */
  echo?: LogWriter | null;
}

/** "TypeError: x is undefined" for an Error, the text of anything else. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message ? `${error.name}: ${error.message}` : error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

const consoleEcho: LogWriter = (message, error) => (error === undefined ? console.error(message) : console.error(message, error));

export function createLogBuffer({ limit = LOG_BUFFER_LINES, now = () => Date.now(), echo = consoleEcho }: LogBufferOptions = {}): LogBuffer {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`A log buffer keeps at least 1 line; got ${String(limit)}.`);
  let kept: readonly LogLine[] = [];
  const listeners = new Set<() => void>();
  return {
    write: (message, error) => {
      echo?.(message, error);
      const text = error === undefined ? message : `${message} ${errorText(error)}`;
      const at = now();
      const added = text.split(/\r?\n/).map((line) => ({ at, text: line }));
      kept = [...kept, ...added].slice(-limit);
      listeners.forEach((listener) => listener());
    },
    lines: () => kept,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The page's one log: the composition root hands `pageLog.write` to whatever logs
 * (createCachePersistence's `log`, appImplementations' `log`), and the error overlay reads it.
 */
export const pageLog: LogBuffer = createLogBuffer();
