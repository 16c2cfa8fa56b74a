import type { ReactNode } from 'react';
import styles from './summary-block.module.css';

export interface SummaryRow {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

/**
 * A titled summary of what the shopper chose (a frame, a prescription, an address): label/value
 * rows, and an action to change it, e.g. a "Change lens type" button named after what it changes.
 */
export function SummaryBlock({ title, rows, action, children }: { title: ReactNode; rows?: SummaryRow[]; action?: ReactNode; children?: ReactNode }) {
  return (
    <section className={styles.block}>
      <div className={styles.head}>
        <h3 className={styles.title}>{title}</h3>
        {action}
      </div>
      {rows?.length ? (
        <dl className={styles.rows}>
          {rows.map((row) => (
            <div key={row.key} className={styles.row}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {children}
    </section>
  );
}
