import type { ReactNode } from 'react';
import styles from './reflow-table.module.css';

export interface ReflowColumn {
  key: string;
  label: string;
}

export interface ReflowRow {
  key: string;
  /** The row's header cell (e.g. "OD (right eye)"). */
  header: ReactNode;
  cells: Record<string, ReactNode>;
}

/**
 * A table that reflows into cards where its box is narrow (a phone, the mini cart): each row becomes
 * a card headed by its row header, each cell a "label value" pair, so nothing needs a sideways
 * scroller. It reacts to its own width (a container query), not the window's. The explicit roles
 * keep its table semantics for screen readers whatever the CSS display.
 */
export function ReflowTable({
  caption,
  rowHeaderLabel,
  columns,
  rows,
  className,
}: {
  caption: string;
  rowHeaderLabel: string;
  columns: ReflowColumn[];
  rows: ReflowRow[];
  className?: string;
}) {
  return (
    <div className={[styles.box, className].filter(Boolean).join(' ')}>
      <table className={styles.table} role="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              {rowHeaderLabel}
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" role="columnheader">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={row.key} role="row">
              <th scope="row" role="rowheader">
                {row.header}
              </th>
              {columns.map((c) => (
                <td key={c.key} role="cell" data-label={c.label}>
                  {row.cells[c.key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
