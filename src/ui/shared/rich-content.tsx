import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** HTML from the backend (CMS content, descriptions), sanitised before it reaches the page. */
export function RichContent({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
