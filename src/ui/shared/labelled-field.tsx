import type { ReactNode } from 'react';

/**
 * A form control under its label, the shop's one way to pair them: `children` is the control (an
 * input, a textarea, a select) whose id is `htmlFor`, followed by any hint or error of its own.
 * `className` is the form's field style (its spacing and width differ by form).
 */
export function LabelledField({ htmlFor, label, className, children }: { htmlFor: string; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  );
}
