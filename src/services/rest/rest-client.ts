/**
 * The REST client of spec §7: JSON headers, credentials included, a bearer header from the saved
 * token; identical GETs running at once share one request; a non-OK answer becomes an error whose
 * text holds method, URL, status and status text, the server's message, extra info and trace (§8).
 */
export type RestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Magento REST error bodies: `{ message, parameters?, errors?: [{ message, parameters }], trace? }`. */
interface MagentoErrorBody {
  message?: unknown;
  parameters?: unknown;
  errors?: unknown;
  trace?: unknown;
}

/**
 * Magento messages name their parameters `%1`, `%2`… (a parameter list) or `%fieldName` (a
 * parameter object): the text the shopper reads has them filled in.
 */
export function fillMagentoParameters(message: string, parameters: unknown): string {
  if (Array.isArray(parameters)) {
    return message.replace(/%(\d+)/g, (whole, n: string) => (parameters[Number(n) - 1] === undefined ? whole : String(parameters[Number(n) - 1])));
  }
  if (typeof parameters === 'object' && parameters !== null) {
    const named = parameters as Record<string, unknown>;
    return message.replace(/%(\w+)/g, (whole, name: string) => (named[name] === undefined ? whole : String(named[name])));
  }
  return message;
}

function parseBody(text: string): MagentoErrorBody | null {
  try {
    const body = JSON.parse(text) as unknown;
    return typeof body === 'object' && body !== null ? (body as MagentoErrorBody) : null;
  } catch {
    return null;
  }
}

export class RestResponseError extends Error {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  readonly serverMessage: string;
  readonly extraInfo: string;
  readonly trace: string;
  /** The refusal's reason, when the shop names one in its parameters (ADR 039: `LUNETTE_CART_CHANGED`). */
  readonly reason: string | null;

  constructor(details: { method: string; url: string; status: number; statusText: string; bodyText: string }) {
    const body = parseBody(details.bodyText);
    const serverMessage =
      body && typeof body.message === 'string' ? fillMagentoParameters(body.message, body.parameters) : details.bodyText.trim().slice(0, 500);
    const extraInfo = Array.isArray(body?.errors)
      ? body.errors
          .map((e: { message?: unknown; parameters?: unknown } | null) =>
            typeof e?.message === 'string' ? fillMagentoParameters(e.message, e.parameters) : '',
          )
          .filter(Boolean)
          .join('\n')
      : '';
    const trace = typeof body?.trace === 'string' ? body.trace : '';
    const lines = [`${details.method} ${details.url} responded ${details.status} ${details.statusText}: ${serverMessage || '(no message)'}`];
    if (extraInfo) lines.push(`Extra info: ${extraInfo}`);
    if (trace) lines.push(`Trace: ${trace}`);
    super(lines.join('\n'));
    this.name = 'RestResponseError';
    this.method = details.method;
    this.url = details.url;
    this.status = details.status;
    this.statusText = details.statusText;
    this.serverMessage = serverMessage;
    this.extraInfo = extraInfo;
    this.trace = trace;
    const reason = (body?.parameters as { reason?: unknown } | undefined)?.reason;
    this.reason = typeof reason === 'string' ? reason : null;
  }
}

export interface RestClientOptions {
  /** The shop's origin or API base (`https://shop.example`); paths are appended. */
  baseUrl: string;
  /** The saved sign-in token, read at each request. */
  getToken: () => string | null;
  fetch?: typeof fetch;
}

export interface RestClient {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  request<T>(method: RestMethod, path: string, body?: unknown): Promise<T>;
}

export function createRestClient(options: RestClientOptions): RestClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const inFlightGets = new Map<string, Promise<unknown>>();
  const base = options.baseUrl.replace(/\/$/, '');

  const send = async <T>(method: RestMethod, url: string, authorization: string, body: unknown): Promise<T> => {
    const response = await doFetch(url, {
      method,
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: authorization },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new RestResponseError({ method, url, status: response.status, statusText: response.statusText, bodyText: text });
    if (text === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new Error(`${method} ${url} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
    }
  };

  const request = <T>(method: RestMethod, path: string, body?: unknown): Promise<T> => {
    const token = options.getToken();
    const authorization = token ? `Bearer ${token}` : '';
    const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
    if (method !== 'GET') return send<T>(method, url, authorization, body);
    // Identical GETs running at once are shared (spec §7); identical means same URL and same user.
    const key = `${authorization} ${url}`;
    const running = inFlightGets.get(key);
    if (running) return running as Promise<T>;
    const started = send<T>(method, url, authorization, undefined).finally(() => inFlightGets.delete(key));
    inFlightGets.set(key, started);
    return started;
  };

  return {
    request,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body),
  };
}
