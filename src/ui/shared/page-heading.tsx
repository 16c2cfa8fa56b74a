import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After an in-app navigation (not the first page load) focus moves to the page's h1, so screen
 * reader and keyboard users start on the new page instead of the link they left. Changing only the
 * query string (filters, sort, page) keeps focus where it is, unless `focusKey` says otherwise.
 * `target` finds the heading: the element itself, or the first h1 inside it (CMS content that
 * brings its own heading).
 */
export function useFocusHeadingOnNavigation(target: RefObject<HTMLElement | null>, options: { focusKey?: string; ready?: boolean } = {}) {
  const location = useLocation();
  const firstLoad = location.key === 'default';
  const key = options.focusKey ?? location.pathname;
  const ready = options.ready ?? true;
  useEffect(() => {
    if (firstLoad || !ready || !target.current) return;
    const root = target.current;
    const headingOf = () => (root.matches('h1') ? root : root.querySelector<HTMLElement>('h1'));
    const focus = (heading: HTMLElement) => {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: false });
    };
    const heading = headingOf();
    if (heading) {
      focus(heading);
      return;
    }
    // CMS content brings its heading a moment later (its sanitiser loads on demand, rich-content.tsx):
    // focus the heading when it arrives.
    const observer = new MutationObserver(() => {
      const arrived = headingOf();
      if (!arrived) return;
      observer.disconnect();
      focus(arrived);
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [key, firstLoad, ready, target]);
}

/** A page's h1, focused after an in-app navigation (see useFocusHeadingOnNavigation). */
export function PageHeading({ children, className, focusKey }: { children: ReactNode; className?: string; focusKey?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusHeadingOnNavigation(ref, focusKey === undefined ? {} : { focusKey });
  return (
    <h1 ref={ref} tabIndex={-1} className={className}>
      {children}
    </h1>
  );
}
