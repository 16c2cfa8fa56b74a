import { lazy, Suspense } from 'react';
import type { RichContentProps } from './sanitised-content';

/** DOMPurify and the sanitising code: a chunk of their own, loaded by the pages that have backend HTML. */
const SanitisedContent = lazy(async () => ({ default: (await import('./sanitised-content')).SanitisedContent }));

/**
 * HTML from the backend (CMS content, descriptions), sanitised before it reaches the page
 * (sanitised-content.tsx). The sanitiser (DOMPurify) is not in the chunk a page's hydration waits
 * for (issue 12): on a server-rendered page the content stays as the server sent it until the
 * sanitiser has loaded, then hydrates with the same markup (React keeps a suspended boundary's
 * server HTML); a page shown in the app shows the content once it has loaded.
 */
export function RichContent(props: RichContentProps) {
  return (
    <Suspense fallback={null}>
      <SanitisedContent {...props} />
    </Suspense>
  );
}
