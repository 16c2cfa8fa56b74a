import { useCallback, useState } from 'react';
import { defineMessage, useIntl, type IntlShape } from 'react-intl';

/** An email the browser or the field's pattern refuses: one wording for both. */
const EMAIL_FORMAT = defineMessage({ id: 'checkout.field.emailFormat', defaultMessage: 'Enter an email address like name@example.com.' });

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isControl = (element: Element): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/** The field's visible label without its "(optional)" note or trailing spaces. */
const labelOf = (control: Control) => (control.labels?.[0]?.firstChild?.textContent ?? control.name).trim();

/**
 * A value in the wrong form, told by what the field holds (its autocomplete token), with the
 * example the field declares (`data-example`: the postcode format of the chosen country).
 */
function patternMessage(intl: IntlShape, control: Control): string {
  const example = control.dataset.example ?? '';
  switch (control.getAttribute('autocomplete')) {
    case 'postal-code':
      return intl.formatMessage({ id: 'checkout.field.postcodeFormat', defaultMessage: 'Enter a postal code like {example}.' }, { example });
    case 'tel':
      return intl.formatMessage({ id: 'checkout.field.telephoneFormat', defaultMessage: 'Enter a phone number of 7 to 15 digits.' });
    case 'email':
      return intl.formatMessage(EMAIL_FORMAT);
    default:
      return control.validationMessage;
  }
}

function messageFor(intl: IntlShape, control: Control): string {
  const field = labelOf(control);
  if (control.validity.valueMissing) return intl.formatMessage({ id: 'checkout.field.required', defaultMessage: '{field} is required.' }, { field });
  if (control.validity.typeMismatch && control.type === 'email') {
    return intl.formatMessage(EMAIL_FORMAT);
  }
  if (control.validity.patternMismatch) return patternMessage(intl, control);
  if (control.validity.tooShort && control instanceof HTMLInputElement) {
    return intl.formatMessage({ id: 'checkout.field.tooShort', defaultMessage: '{field} needs at least {min} characters.' }, { field, min: control.minLength });
  }
  return control.validationMessage;
}

export interface FormValidation {
  /** Message per field name, shown next to the field and read with it. */
  errors: Readonly<Record<string, string>>;
  /** Checks the form's own constraints (required, type, pattern, length): marks every failing field and moves focus to the first. True when the form may be sent. */
  validate: (form: HTMLFormElement) => boolean;
  /** The shopper changed the field: its message goes until the next attempt. */
  clear: (name: string) => void;
}

/**
 * Field errors of a `noValidate` form. The browser's own bubbles are not read by every screen
 * reader and vanish on their own, so the form checks its constraints itself and each field carries
 * its message (aria-invalid + aria-describedby), in the shop's words and language.
 */
export function useFormValidation(): FormValidation {
  const intl = useIntl();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const validate = useCallback(
    (form: HTMLFormElement) => {
      const invalid = [...form.elements].filter(isControl).filter((control) => control.name && !control.validity.valid);
      setErrors(Object.fromEntries(invalid.map((control) => [control.name, messageFor(intl, control)])));
      invalid[0]?.focus();
      return invalid.length === 0;
    },
    [intl],
  );
  const clear = useCallback((name: string) => {
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);
  return { errors, validate, clear };
}

/** The attributes that tie a field to its message (`errorId` is the element showing it). */
export function invalidFieldProps(error: string | undefined, describedBy: (string | null | undefined)[], errorId: string) {
  const ids = [error ? errorId : null, ...describedBy].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': ids || undefined };
}
