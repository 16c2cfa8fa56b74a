import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { invalidFieldProps } from '../shared/form-validation';
import styles from './account.module.css';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: ReactNode;
  /** Id of the form's error, read with the field. */
  errorId?: string;
  /** This field's own message (a refused submit): the field is marked invalid and read with it. */
  error?: string;
}

/** A labelled text input with an optional hint and its own error message. */
export function FormField({ label, value, onValue, hint, errorId, error, required = true, ...rest }: FormFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={styles.input}
        value={value}
        required={required}
        onChange={(event) => onValue(event.target.value)}
        {...invalidFieldProps(error, [hint ? `${id}-hint` : null, errorId], `${id}-error`)}
        {...rest}
      />
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
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

/** The status line of a saved form: read out when the form has saved, hidden otherwise. */
export function SavedStatus({ saved, children }: { saved: boolean; children: ReactNode }) {
  return (
    <p role="status" className={saved ? undefined : 'visually-hidden'}>
      {saved ? children : null}
    </p>
  );
}
