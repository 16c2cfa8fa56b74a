import { useEffect, useState, type ReactNode } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';

/**
 * Stories only: a page under its real route pattern (so `useParams` works), beside a stand-in for
 * /sign-in that shows what the page asked it to remember.
 */
export function RoutedStory({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Routes>
      <Route path={path} element={children} />
      <Route path="/sign-in" element={<SignInStandIn />} />
      <Route path="*" element={<p>Another page</p>} />
    </Routes>
  );
}

function SignInStandIn() {
  const state = useLocation().state as { from?: string } | null;
  return (
    <main>
      <h1>Sign in</h1>
      <p>Then back to: {state?.from ?? 'nowhere'}</p>
    </main>
  );
}

/** Stories only: opens `path` with router state (what a page hands the next one), then renders the routes. */
export function WithHistoryState({ path, state, children }: { path: string; state: unknown; children: ReactNode }) {
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void navigate(path, { state, replace: true });
    setReady(true);
  }, [navigate, path, state]);
  return ready ? <>{children}</> : null;
}
