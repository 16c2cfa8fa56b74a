import { lazy, Suspense, useState } from 'react';
import { CONTENT_SOURCE_ATTRIBUTE, contentSourceDigest, useContentLinks } from './content-links';
import type { RichContentProps } from './sanitised-content';

/** DOMPurify and the sanitising code: a chunk of their own, loaded only when the browser must sanitise HTML itself. */
const SanitisedContent = lazy(async () => ({ default: (await import('./sanitised-content')).SanitisedContent }));

/**
 * HTML from the backend (CMS content, descriptions), sanitised before it reaches the page
 * (sanitised-content.tsx). The sanitiser (DOMPurify) is not on a server-rendered page's load path
 * (ADR 033): the server sanitised what it rendered and marked the block with the digest of
 * the HTML (and image sizes) it came from; hydration takes that block over as it stands (the markup the browser
 * already parsed from the server's answer, so nothing new reaches the page) when the page's own
 * HTML has the same digest. Any other HTML — a page shown in the app, content that changed, a block
 * the server did not render — is sanitised in the browser, the sanitiser loading first.
 */
export function RichContent(props: RichContentProps) {
  const digest = contentSourceDigest(props.html, props.imageSizes);
  // Read once, on the first render (hydration): the server's block made from this HTML, if any.
  const [server] = useState(() => serverBlock(digest));
  return (
    <Suspense fallback={null}>
      {server?.digest === digest ? (
        <ServerSanitisedContent className={props.className} digest={server.digest} markup={server.markup} />
      ) : (
        <SanitisedContent {...props} />
      )}
    </Suspense>
  );
}

interface ServerBlock {
  digest: string;
  markup: string;
}

/**
 * A block of the page being hydrated that the server sanitised from HTML with this digest, or null
 * (no document, or no such block: a page the app renders itself, content that changed since).
 * Blocks made from the same HTML hold the same markup, so the first one found serves them all.
 */
function serverBlock(digest: string): ServerBlock | null {
  if (typeof document === 'undefined') return null;
  const block = [...document.querySelectorAll(`[${CONTENT_SOURCE_ATTRIBUTE}]`)].find((element) => element.getAttribute(CONTENT_SOURCE_ATTRIBUTE) === digest);
  return block ? { digest, markup: block.innerHTML } : null;
}

/** The server's sanitised block, hydrated as it stands (the same element SanitisedContent renders). */
function ServerSanitisedContent({ className, digest, markup }: { className: string | undefined; digest: string; markup: string }) {
  const onClick = useContentLinks();
  const marks = { [CONTENT_SOURCE_ATTRIBUTE]: digest };
  return <div className={className} {...marks} onClick={onClick} dangerouslySetInnerHTML={{ __html: markup }} />;
}
