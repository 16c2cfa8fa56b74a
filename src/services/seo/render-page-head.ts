/**
 * A `PageHead` as the HTML of `<head>` (ADR 014): every value escaped for where it stands, and
 * every tag marked `data-page-head` so the browser can find (and replace) what the server wrote.
 */
import type { PageHead } from './page-head';

/** The attribute that marks the tags written here. */
export const PAGE_HEAD_ATTRIBUTE = 'data-page-head';

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in an element's content and in a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JSON safe inside `<script type="application/ld+json">`: `<`, `>` and `&` as `\u003c`… so no
 * `</script>` or `<!--` can end or change the script, and U+2028/U+2029 escaped too (still the
 * same JSON for a parser).
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const mark = PAGE_HEAD_ATTRIBUTE;
const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${mark} ${key}="${escapeHtml(name)}" content="${escapeHtml(content)}">`;

/** The head's tags, one a line: title, description, robots, canonical, alternates, Open Graph, JSON-LD. */
export function renderPageHead(head: PageHead): string {
  return [
    `<title ${mark}>${escapeHtml(head.title)}</title>`,
    ...(head.description ? [meta('name', 'description', head.description)] : []),
    ...(head.robots ? [meta('name', 'robots', head.robots)] : []),
    `<link ${mark} rel="canonical" href="${escapeHtml(head.canonical)}">`,
    ...head.alternates.map((a) => `<link ${mark} rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}">`),
    ...head.openGraph.map((o) => meta('property', o.property, o.content)),
    ...head.jsonLd.map((data) => `<script ${mark} type="application/ld+json">${jsonForScript(data)}</script>`),
  ].join('\n');
}
