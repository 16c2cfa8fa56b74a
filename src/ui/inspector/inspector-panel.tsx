import { useId, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import type { InspectionLog } from './inspection-log';
import styles from './inspector.module.css';
import { MachineInspector } from './machine-inspector';

export interface InspectorPanelProps {
  /** The actors to choose from, by the name the app knows them by. */
  actors: Record<string, AnyActorRef>;
  log: InspectionLog;
  onClose?: () => void;
}

/** A list of the app's actors and the inspector of the chosen one. */
export function InspectorPanel({ actors, log, onClose }: InspectorPanelProps) {
  const names = Object.keys(actors);
  const [chosen, setChosen] = useState(names[0] ?? '');
  const selectId = useId();
  const actor = actors[chosen];
  return (
    <section className={styles.panel} aria-label="Machine inspector" data-machine-inspector-panel="">
      <header className={styles.panelHeader}>
        <h2 className={styles.panelTitle}>Machines</h2>
        <label htmlFor={selectId}>Actor</label>
        <select id={selectId} value={chosen} onChange={(e) => setChosen(e.target.value)}>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {onClose && (
          <button type="button" onClick={onClose} className={styles.closeButton}>
            Close the inspector
          </button>
        )}
      </header>
      {actor ? <MachineInspector key={chosen} actor={actor} log={log} name={chosen} /> : <p className={styles.note}>No actor to inspect.</p>}
    </section>
  );
}
