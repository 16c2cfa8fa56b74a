import { useEffect, useRef, useState } from 'react';

/**
 * Link pages act once per link: an unsubscribe link works only the first time, a payment return
 * must not be verified twice in a row. Requests are kept by key for the page's lifetime, so a
 * re-render, React's strict-mode double effect, or coming back to the same URL shows the first
 * answer instead of sending again. `retry` sends a fresh request under a new attempt number.
 */
export type OneTimeRequestState<T> = { status: 'idle' } | { status: 'pending' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown };

const requests = new Map<string, Promise<unknown>>();

export function useOneTimeRequest<T>(key: string | null, run: () => Promise<T>): { state: OneTimeRequestState<T>; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ key: string; state: OneTimeRequestState<T> } | null>(null);
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  const requestKey = key === null ? null : `${key}#${attempt}`;

  useEffect(() => {
    if (requestKey === null) return;
    let live = true;
    let request = requests.get(requestKey) as Promise<T> | undefined;
    if (!request) {
      request = runRef.current();
      requests.set(requestKey, request);
    }
    request.then(
      (value) => live && setSettled({ key: requestKey, state: { status: 'done', value } }),
      (error: unknown) => live && setSettled({ key: requestKey, state: { status: 'failed', error } }),
    );
    return () => {
      live = false;
    };
  }, [requestKey]);

  const state: OneTimeRequestState<T> =
    requestKey === null ? { status: 'idle' } : settled?.key === requestKey ? settled.state : { status: 'pending' };
  return { state, retry: () => setAttempt((n) => n + 1) };
}
