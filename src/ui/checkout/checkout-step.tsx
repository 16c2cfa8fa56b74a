import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../shared/button';
import { shopperMessageOf } from '../shared/shopper-message';
import styles from './checkout-page.module.css';

export type StepStatus = 'done' | 'current' | 'upcoming';

export interface CheckoutStepProps {
  number: number;
  title: string;
  status: StepStatus;
  /** What was chosen, shown once the step is done (until the review shows it as summary blocks). */
  summary?: ReactNode;
  /** Back to this step to change it (spec §4 "edit"), on a button named after what it changes. */
  onEdit?: () => void;
  editLabel?: string;
  children?: ReactNode;
}

/** One step of the checkout: its heading, and its form while current or what was chosen once done. */
export function CheckoutStep({ number, title, status, summary, onEdit, editLabel, children }: CheckoutStepProps) {
  const headingId = `checkout-step-${number}`;
  return (
    <section className={styles.step} data-status={status} aria-labelledby={headingId} aria-current={status === 'current' ? 'step' : undefined}>
      <div className={styles.stepHeader}>
        <h2 id={headingId} className={styles.stepTitle}>
          <span className={styles.stepNumber} aria-hidden="true">
            {number}
          </span>
          {title}
        </h2>
        {status === 'done' && onEdit && editLabel ? (
          <Button priority="low" className={styles.editButton} onClick={onEdit}>
            {editLabel}
          </Button>
        ) : null}
      </div>
      {status === 'done' && summary ? <div className={styles.stepSummary}>{summary}</div> : null}
      {status === 'current' ? children : null}
    </section>
  );
}

/**
 * A step's error (the checkout machine's per-step error field), announced when it appears, in plain
 * words (`shopperMessageOf`): the raw text with its URL, status and ids stays in the machine.
 */
export function StepError({ id, error }: { id: string; error: Error | string | null }) {
  const intl = useIntl();
  const message = shopperMessageOf(error || null, intl);
  return (
    <div id={id} role="alert" className={message ? styles.stepError : undefined}>
      {message}
    </div>
  );
}
