import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { LabelledField } from './labelled-field';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'> {
  id: string;
  label: ReactNode;
  /** The form's field style (LabelledField's `className`); `className` styles the text box itself. */
  fieldClassName?: string;
  onValue: (value: string) => void;
}

/** A labelled box for a few lines of the shopper's own words (a message to the shop, a note to the optician). */
export function TextAreaField({ id, label, fieldClassName, onValue, ...rest }: TextAreaFieldProps) {
  return (
    <LabelledField className={fieldClassName} htmlFor={id} label={label}>
      <textarea id={id} onChange={(event) => onValue(event.target.value)} {...rest} />
    </LabelledField>
  );
}
