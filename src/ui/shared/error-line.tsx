import type { ReactNode } from 'react';

/** A failure in words, announced when it appears; nothing while there is none. */
export function ErrorLine({ message, className }: { message: ReactNode; className?: string }) {
  return message ? (
    <p role="alert" className={className}>
      {message}
    </p>
  ) : null;
}
