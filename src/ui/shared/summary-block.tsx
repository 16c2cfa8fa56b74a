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
export function SummaryBlock({
  title,
  rows,
  action,
  children,
  level = 3,
  headingId,
}: {
  title: ReactNode;
  rows?: SummaryRow[];
  action?: ReactNode;
  children?: ReactNode;
  /** Its heading's level: 3 inside a step or page section, 2 where it stands beside the page's sections (the checkout's order summary). */
  level?: 2 | 3;
  /** Its heading's id: given, the block is a region named by its heading. */
  headingId?: string;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.block} aria-labelledby={headingId}>
      <div className={styles.head}>
        <Heading id={headingId} className={styles.title}>
          {title}
        </Heading>
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
