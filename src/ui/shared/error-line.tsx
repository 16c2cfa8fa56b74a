import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { shopperMessageOf } from './shopper-message';

/** A failure in words, announced when it appears; nothing while there is none. Text goes through the catalogue's filter (spec §8). */
export function ErrorLine({ message, className }: { message: ReactNode; className?: string }) {
  const intl = useIntl();
  const shown = typeof message === 'string' ? shopperMessageOf(message || null, intl) : message;
  return shown ? (
    <p role="alert" className={className}>
      {shown}
    </p>
  ) : null;
}
