/**
 * What a view needs of the page it renders in, the browser's own or, during a server render
 * (ADR 015), the one the server describes: the page's origin (media on it become relative URLs)
 * and a DOM to sanitise backend HTML with. The server sets them once at start; its origin is the
 * configured public one (ADR 012), the same for every page it renders.
 */
export interface ServerRenderEnvironment {
  origin: string;
  /** A DOM window (jsdom's) that backend HTML is parsed and sanitised in. */
  window: Window & typeof globalThis;
}

let server: ServerRenderEnvironment | null = null;

/** Called by the server render before it renders anything. */
export function setServerRenderEnvironment(environment: ServerRenderEnvironment): void {
  server = environment;
}

/** The origin of the page being rendered. */
export function pageOrigin(): string {
  return globalThis.location?.origin ?? server?.origin ?? 'http://localhost';
}

/** The window backend HTML is handled in: the page's own in a browser, the server's DOM on the server. */
export function contentWindow(): Window & typeof globalThis {
  if (typeof window !== 'undefined') return window;
  if (!server) throw new Error('No DOM to handle HTML in: the server render sets one (setServerRenderEnvironment)');
  return server.window;
}
