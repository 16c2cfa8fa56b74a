/**
 * The plain text of HTML from the backend (a product's or category's description, a CMS page's
 * content), for a meta description. The HTML is parsed by parse5 — the WHATWG parser, which needs
 * no DOM and so runs on the server — never by regular expressions: entities are decoded, comments,
 * scripts, styles and templates dropped, and block elements separate words.
 *
 * parse5 weighs about 44 kB gzip: a browser bundle that builds page heads should load this module
 * lazily (the server renders the first page's head).
 */
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.ChildNode;

/** Elements whose content is not text a reader sees. */
const HIDDEN = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'head', 'title']);
/** Elements that start a new line of text: their neighbours' words must not run together. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'td', 'th', 'tr', 'ul',
]); // prettier-ignore

function collect(node: Node, out: string[]): void {
  if (node.nodeName === '#text') {
    out.push((node as DefaultTreeAdapterTypes.TextNode).value);
    return;
  }
  if (!('childNodes' in node) || HIDDEN.has(node.nodeName)) return;
  const block = BLOCKS.has(node.nodeName);
  if (block) out.push(' ');
  for (const child of node.childNodes) collect(child, out);
  if (block) out.push(' ');
}

/** The text of an HTML fragment, white space folded: `<p>Light&nbsp;&amp; <b>strong</b></p>` → `Light & strong`. */
export function plainTextOf(html: string | null | undefined): string {
  if (!html) return '';
  const out: string[] = [];
  for (const node of parseFragment(html).childNodes) collect(node, out);
  return out.join('').replace(/\s+/g, ' ').trim();
}

/** Text cut to at most `max` characters on a word boundary, with an ellipsis when cut. */
export function truncateText(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const boundary = cut.lastIndexOf(' ');
  return `${(boundary > max / 2 ? cut.slice(0, boundary) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** A meta description from HTML: its text, cut at about 160 characters; null when it has none. */
export function descriptionOf(html: string | null | undefined, max = 160): string | null {
  const text = plainTextOf(html);
  return text ? truncateText(text, max) : null;
}
