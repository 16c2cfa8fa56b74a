import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
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
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(status, sectionRef, headingRef);
  return (
    <section ref={sectionRef} className={styles.step} data-status={status} aria-labelledby={headingId} aria-current={status === 'current' ? 'step' : undefined}>
      <div className={styles.stepHeader}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
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
 * A step that becomes the current one (the last step's button pressed, or "Change …")
 * takes the focus on its heading, brought into view, as the lens wizard's steps do: the button the
 * shopper pressed is gone with its form, and the focus would fall back to the page's start, so a
 * keyboard or screen reader user would not know where they are. The page's first render (a step
 * current from the start, or restored after a reload) leaves the focus alone, and so does a step
 * that already holds it.
 */
function useFocusOnArrival(status: StepStatus, section: RefObject<HTMLElement | null>, heading: RefObject<HTMLHeadingElement | null>) {
  const previous = useRef<StepStatus | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (status !== 'current' || before === null || before === 'current') return;
    if (section.current?.contains(document.activeElement)) return;
    heading.current?.focus({ preventScroll: true });
    section.current?.scrollIntoView({ block: 'start' });
  }, [status, section, heading]);
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
