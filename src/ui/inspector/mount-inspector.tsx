/**
 * The machine inspector in the running app (development builds only, behind `?inspect`): the
 * composition root loads this module with a dynamic import, so production builds contain none of it.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AnyActorRef } from 'xstate';
import { createInspectionLog } from './inspection-log';
import { InspectorPanel } from './inspector-panel';
import styles from './inspector.module.css';

/**
 * Opens a panel listing the app's root actors (by the names given) over the page.
 * Returns the function that closes it. Events are recorded from the moment it opens.
 */
export function mountInspector<TActors extends { [name in keyof TActors]: AnyActorRef }>(actors: TActors): () => void {
  if (Object.keys(actors).length === 0) throw new Error('mountInspector needs at least one actor to inspect');
  const log = createInspectionLog({ limit: 200 });
  // Attach now, not when a machine is first shown, so the log of every actor starts at mount.
  // An interface such as ShopActors has no index signature: it is read as a record here.
  const byName = actors as unknown as Record<string, AnyActorRef>;
  const detachAll = Object.values(byName).map((actor) => log.attach(actor));
  const host = document.createElement('div');
  host.className = styles.overlay ?? '';
  host.setAttribute('data-machine-inspector-host', '');
  document.body.append(host);
  const root = createRoot(host);
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    root.unmount();
    host.remove();
    detachAll.forEach((detach) => detach());
  };
  root.render(
    <StrictMode>
      <InspectorPanel actors={byName} log={log} onClose={close} />
    </StrictMode>,
  );
  return close;
}
