import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

/** spec §9 button priorities. */
export type ButtonPriority = 'low' | 'normal' | 'high';

export interface ButtonLook {
  priority?: ButtonPriority;
  /** A destructive or cancelling action (spec §9 "negative variants"). */
  negative?: boolean;
}

/** Class names of a button's look, also for a router link that looks like a button. */
export function buttonClassName({ priority = 'normal', negative = false }: ButtonLook = {}, extra?: string): string {
  return [styles.button, styles[priority], negative ? styles.negative : null, extra].filter(Boolean).join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook;

/** The shop's one button (spec §9): min 2.5rem high, 10rem wide; low, normal or high priority, optionally negative. */
export function Button({ priority, negative, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClassName({ priority, negative }, className)} {...rest} />;
}
