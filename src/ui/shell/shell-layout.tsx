import { Outlet } from 'react-router-dom';
import { AppShell } from './app-shell';
import { StoreViewGate } from './store-view-gate';

/** The root route's element: the shell around the current page, once the store view is known. */
export function ShellLayout() {
  return (
    <AppShell>
      <StoreViewGate>
        <Outlet />
      </StoreViewGate>
    </AppShell>
  );
}
