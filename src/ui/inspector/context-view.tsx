import styles from './inspector.module.css';
import { prettyValue } from './pretty-value';

/** A machine's context, pretty-printed, in a disclosure that starts open. */
export function ContextView({ context }: { context: unknown }) {
  return (
    <details className={styles.panelSection} open>
      <summary className={styles.sectionTitle}>Context</summary>
      <pre className={styles.context} tabIndex={0} aria-label="Context as JSON">
        {prettyValue(context)}
      </pre>
    </details>
  );
}
