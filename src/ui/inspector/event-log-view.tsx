import { useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';
import styles from './inspector.module.css';
import type { InspectionLog, InspectionLogEntry } from './inspection-log';
import { prettyValue } from './pretty-value';

/** The events an actor received, newest first, with their payload and the time they arrived. */
export function EventLogView({ actor, log }: { actor: AnyActorRef; log: InspectionLog }) {
  const entries = useSyncExternalStore(log.subscribe, () => log.entriesOf(actor));
  return (
    <section className={styles.panelSection} aria-label="Event log">
      <h3 className={styles.sectionTitle}>Event log</h3>
      {entries.length === 0 ? (
        <p className={styles.note}>No events received yet.</p>
      ) : (
        <ol className={styles.eventLog} tabIndex={0} aria-label="Received events, newest first">
          {entries.map((entry) => (
            <EventLogItem key={entry.seq} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}

function EventLogItem({ entry }: { entry: InspectionLogEntry }) {
  const hasPayload = Object.keys(entry.payload).length > 0;
  return (
    <li className={styles.eventLogItem} data-event-type={entry.type}>
      <time dateTime={new Date(entry.at).toISOString()} className={styles.eventTime}>
        {clockTime(entry.at)}
      </time>{' '}
      <code className={styles.eventType}>{entry.type}</code>
      {entry.sourceId && <span className={styles.note}> from {entry.sourceId}</span>}
      {hasPayload && (
        <details>
          <summary className={styles.note}>payload</summary>
          <pre className={styles.payload}>{prettyValue(entry.payload)}</pre>
        </details>
      )}
    </li>
  );
}

/** hh:mm:ss.mmm in local time: events of one interaction are milliseconds apart. */
function clockTime(at: number): string {
  const date = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}
