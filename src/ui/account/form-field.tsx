import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../shared/button';
import { invalidFieldProps } from '../shared/form-validation';
import styles from './account.module.css';
import { shopperMessageOf } from '../shared/shopper-message';
import { LabelledField } from '../shared/labelled-field';

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
    <LabelledField className={styles.field} htmlFor={id} label={label}>
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
    </LabelledField>
  );
}

/** A form's error, announced when it appears. */
/** A form's failure in plain words (spec §8): an error or its text, never the raw request. */
export function FormError({ id, message }: { id: string; message: unknown }) {
  const shown = shopperMessageOf(message === '' ? null : message, useIntl());
  return (
    <div id={id} role="alert">
      {shown ? <p className={styles.error}>{shown}</p> : null}
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

/** The account's email address ("Email", autocompleted as an email unless `autoComplete` says otherwise). */
export function EmailField(props: Omit<FormFieldProps, 'label' | 'type'>) {
  const intl = useIntl();
  return <FormField label={intl.formatMessage({ id: 'account.field.email', defaultMessage: 'Email' })} type="email" autoComplete="email" {...props} />;
}

/** A form's row of actions: its submit button, disabled and saying `busyLabel` while the form is sent, then `children`. */
export function FormSubmit({ busy, label, busyLabel, children }: { busy: boolean; label: string; busyLabel: string; children?: ReactNode }) {
  return (
    <div className={styles.actions}>
      <Button type="submit" priority="high" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
      {children}
    </div>
  );
}

/** A new password, with Magento's rules as its hint. */
export function NewPasswordField({ label, value, onValue }: { label: string; value: string; onValue: (value: string) => void }) {
  const intl = useIntl();
  return (
    <FormField
      label={label}
      type="password"
      autoComplete="new-password"
      minLength={8}
      value={value}
      onValue={onValue}
      hint={intl.formatMessage({
        id: 'account.password.rules',
        defaultMessage: 'At least 8 characters, with three of: lower case, upper case, digits, symbols.',
      })}
    />
  );
}

export interface NameFieldsProps {
  firstname: string;
  lastname: string;
  onFirstname: (value: string) => void;
  onLastname: (value: string) => void;
}

/** First and last name, side by side. */
export function NameFields({ firstname, lastname, onFirstname, onLastname }: NameFieldsProps) {
  const intl = useIntl();
  return (
    <div className={styles.grid2}>
      <FormField
        label={intl.formatMessage({ id: 'account.field.firstname', defaultMessage: 'First name' })}
        autoComplete="given-name"
        value={firstname}
        onValue={onFirstname}
      />
      <FormField
        label={intl.formatMessage({ id: 'account.field.lastname', defaultMessage: 'Last name' })}
        autoComplete="family-name"
        value={lastname}
        onValue={onLastname}
      />
    </div>
  );
}

/** Below a sign-in or sign-up form: the other one, keeping where the shopper came from. */
export function OtherFormLink({ prompt, to, state, children }: { prompt: ReactNode; to: string; state: unknown; children: ReactNode }) {
  return (
    <div className={styles.links}>
      <p>
        {prompt}{' '}
        <Link to={to} state={state}>
          {children}
        </Link>
      </p>
    </div>
  );
}
