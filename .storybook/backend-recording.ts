/**
 * The static Storybook's backend (ADR 021): answers recorded from the embedded backend by
 * scripts/record-storybook-backend.ts, one file a story, replayed in the browser in the order they
 * were given. This module is shared by the recorder (Node) and the preview (browser): both compute
 * the same key for a request.
 */

/** Where the recordings are, beside iframe.html. */
export const RECORDINGS_DIR = 'backend-recordings';
/** Stands for the recording server's origin in recorded answers; the replay puts the Storybook's base URL there. */
export const ORIGIN_MARK = '{{storybook-origin}}';
/** Paths the embedded backend answers (server/app.ts BACKEND_PATHS); `/media` is served as static files. */
export const RECORDED_PATH = /^\/(graphql|rest)(\/|\?|$)/;

/** One answer of the embedded backend to one request of a story. */
export interface RecordedAnswer {
  key: string;
  status: number;
  contentType: string | null;
  body: string;
}

export interface StoryRecording {
  storyId: string;
  answers: RecordedAnswer[];
}

/** What identifies a request: its method, path and query, store view header and body (a form upload: its field names). */
export function requestKey(request: { method: string; pathAndQuery: string; store: string | null; body: string | null }): string {
  return [request.method.toUpperCase(), request.pathAndQuery, request.store ?? '', request.body ?? ''].join('\n');
}

/** The body of a multipart upload as the key sees it: its boundary is random, its field names are not. */
export function multipartKeyBody(fieldNames: readonly string[]): string {
  return `multipart:${[...fieldNames].sort().join(',')}`;
}

/** `multipart/form-data` bodies as Playwright sees them: the field names between the random boundaries. */
export function multipartFieldNames(body: string): string[] {
  return [...body.matchAll(/Content-Disposition: form-data; name="([^"]+)"/gi)].map((match) => match[1]!);
}

/**
 * Answers in recorded order: a request takes the first answer of its key not given yet, or, when
 * all were given, the last one again (a query asked once more than while recording). A request the
 * story shown has no answer for is looked up in the story shown before: one it left behind (a
 * debounced query) can leave between the next story's answers arriving and its own unmounting.
 */
export class RecordedAnswers {
  private current = new Map<string, { answers: RecordedAnswer[]; next: number }>();
  private previous = new Map<string, { answers: RecordedAnswer[]; next: number }>();

  /** A story on its own page: its answers from now on, the last story's kept for its late requests. */
  startStory(answers: readonly RecordedAnswer[]): void {
    this.previous = this.current;
    this.current = new Map();
    this.add(answers);
  }

  /** A docs page shows several stories: each adds its answers. */
  add(answers: readonly RecordedAnswer[]): void {
    for (const answer of answers) {
      const entry = this.current.get(answer.key) ?? { answers: [], next: 0 };
      entry.answers.push(answer);
      this.current.set(answer.key, entry);
    }
  }

  take(key: string): RecordedAnswer | null {
    const entry = this.current.get(key) ?? this.previous.get(key);
    if (!entry) return null;
    const answer = entry.answers[Math.min(entry.next, entry.answers.length - 1)]!;
    entry.next += 1;
    return answer;
  }
}
