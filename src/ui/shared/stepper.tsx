import styles from './stepper.module.css';

export interface StepperStep {
  key: string;
  label: string;
}

/**
 * A journey's progress (the lens wizard's steps): numbered steps, done ones ticked, the current one
 * marked with `aria-current="step"`. On a phone the steps stay on one row: only the current step
 * shows its name, the others their number (their names stay readable to screen readers).
 */
export function Stepper({ label, steps, current }: { label: string; steps: StepperStep[]; current: string | null }) {
  const currentIndex = steps.findIndex((s) => s.key === current);
  return (
    <nav aria-label={label}>
      <ol className={styles.steps}>
        {steps.map((step, i) => {
          const state = i === currentIndex ? 'current' : i < currentIndex ? 'done' : 'todo';
          return (
            <li key={step.key} className={styles.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <span className={styles.number} aria-hidden="true">
                {i + 1}
              </span>
              <span className={state === 'current' ? undefined : styles.otherLabel}>{step.label}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
