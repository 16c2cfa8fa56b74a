/**
 * The static Storybook's backend in the browser (ADR 021): `fetch` to `/graphql` and `/rest` is
 * answered from the story's recording (.storybook/backend-recording.ts); media are files of the
 * build. Development Storybook and the story tests use the embedded backend itself
 * (server/vite-backend-plugin.ts), so this is installed in a production build only, and never
 * while the recorder runs (it sets `__LUNETTE_RECORDING__`).
 */
import type { Loader } from '@storybook/react-vite';
import { multipartKeyBody, ORIGIN_MARK, RECORDED_PATH, RECORDINGS_DIR, RecordedAnswers, requestKey, type StoryRecording } from './backend-recording';

declare global {
  interface Window {
    /** Set by the recorder: the real backend answers. */
    __LUNETTE_RECORDING__?: boolean;
    /** Requests no recording answered (the static check fails on any). */
    __LUNETTE_UNRECORDED__?: string[];
  }
}

const answers = new RecordedAnswers();
let installed = false;

/** Where the Storybook is served (the folder of iframe.html), without its last slash: recorded media URLs start there. */
const baseUrl = () => new URL('.', window.location.href).href.replace(/\/$/, '');

async function keyBodyOf(input: RequestInfo | URL, init: RequestInit | undefined): Promise<string | null> {
  const body = init?.body ?? (input instanceof Request ? await input.clone().text() : null);
  if (body === null || body === undefined) return null;
  if (body instanceof FormData) return multipartKeyBody([...body.keys()]);
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  return new Response(body).text();
}

function install(): void {
  if (installed) return;
  installed = true;
  const networkFetch = window.fetch.bind(window);
  window.__LUNETTE_UNRECORDED__ = [];
  window.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.origin !== window.location.origin || !RECORDED_PATH.test(url.pathname)) return networkFetch(input, init);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const key = requestKey({ method, pathAndQuery: url.pathname + url.search, store: headers.get('store'), body: await keyBodyOf(input, init) });
    const answer = answers.take(key);
    if (!answer) {
      window.__LUNETTE_UNRECORDED__!.push(`${method} ${url.pathname}${url.search}`);
      console.error(`No recorded backend answer for ${method} ${url.pathname}: run npm run build-storybook again.`);
      // As a backend that cannot be reached: the view shows its "lost connection" words.
      throw new TypeError('Failed to fetch');
    }
    return new Response(answer.status === 204 ? null : answer.body.replaceAll(ORIGIN_MARK, baseUrl()), {
      status: answer.status,
      headers: answer.contentType ? { 'Content-Type': answer.contentType } : {},
    });
  };
}

/**
 * Loads the story's recorded answers before it renders. A story on its own page starts from its own
 * answers only; a docs page adds the answers of each story it shows.
 */
export const loadRecordedBackend: Loader = async ({ id, viewMode }) => {
  if (!import.meta.env.PROD || window.__LUNETTE_RECORDING__) return {};
  install();
  const file = await fetch(new URL(`${RECORDINGS_DIR}/${encodeURIComponent(id)}.json`, `${baseUrl()}/`));
  // No file: the build was made by `storybook build` alone; every request is then reported unrecorded.
  const recorded = file.ok ? ((await file.json()) as StoryRecording).answers : [];
  if (viewMode === 'story') answers.startStory(recorded);
  else answers.add(recorded);
  return {};
};
