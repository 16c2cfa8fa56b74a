import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A page's h1. After an in-app navigation (not the first page load) focus moves to it, so screen
 * reader and keyboard users start on the new page instead of the link they left.
 * Changing only the query string (filters, sort, page) keeps focus where it is.
 */
export function PageHeading({ children, className, focusKey }: { children: ReactNode; className?: string; focusKey?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const firstLoad = location.key === 'default';
  const key = focusKey ?? location.pathname;
  useEffect(() => {
    if (!firstLoad) ref.current?.focus({ preventScroll: false });
  }, [key, firstLoad]);
  return (
    <h1 ref={ref} tabIndex={-1} className={className}>
      {children}
    </h1>
  );
}
