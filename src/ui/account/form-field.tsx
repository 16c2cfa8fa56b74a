import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './account.module.css';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: ReactNode;
  /** Id of the form's error, read with the field. */
  errorId?: string;
}

/** A labelled text input with an optional hint. */
export function FormField({ label, value, onValue, hint, errorId, required = true, ...rest }: FormFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, errorId ?? null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} className={styles.input} value={value} required={required} aria-describedby={describedBy} onChange={(event) => onValue(event.target.value)} {...rest} />
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A form's error, announced when it appears. */
export function FormError({ id, message }: { id: string; message: string | null | undefined }) {
  return (
    <div id={id} role="alert">
      {message ? <p className={styles.error}>{message}</p> : null}
    </div>
  );
}
