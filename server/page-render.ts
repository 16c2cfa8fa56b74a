import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { renderShopPage as RenderShopPage, ServerRenderResult } from '../src/app/server-render';
import { EARLY_INTERACTIONS_KEY, renderedPageScript } from '../src/app/rendered-page';
import { renderPageHead } from '../src/services/seo/render-page-head';
import type { ViteManifest } from '../src/services/offline/precache-shell';
import type { ServerGraphqlFetch } from './backend-graphql';
import { pageAssetLinks, pageAssetsOf, type PageAssets } from './page-assets';
import { requestOrigin } from './config';
import { answeredAsDesigned } from './logger';
import { PageCache, taggedFetch } from './page-cache';

/** Where `npm run build` puts the server render (vite.config.ts: SERVER_RENDER_OUT_DIR). */
export const SERVER_RENDER_FILE = join('.server', 'server-render.js');

export type RenderPage = typeof RenderShopPage;

/** The built server render of a production build, or null for a build without one. */
export async function loadServerRender(distDir: string): Promise<RenderPage | null> {
  const file = join(distDir, SERVER_RENDER_FILE);
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { renderShopPage: RenderPage };
  return module.renderShopPage;
}

export interface PageRenderOptions {
  /** The built index.html: the page every answer is made from. */
  indexHtml: string;
  /** The build's manifest: which chunks and styles each page module needs. */
  manifest: ViteManifest;
  render: RenderPage;
  graphql: ServerGraphqlFetch;
  /** The configured public origin (ADR 012); else the request's own. */
  publicOrigin: string | null;
  /** The Content-Security-Policy of a rendered page, allowing React's inline scripts by this answer's nonce. */
  contentSecurityPolicy?: (nonce: string) => string;
  log?: (message: string) => void;
  /**
   * ADR 025: rendered pages kept until a purge of what they show (the embedded backend tells its
   * purges); none, every page is rendered for its request (a real Magento tells this process none).
   */
  pageCache?: PageCache | null;
}

/**
 * Catalog and CMS URLs answered with their page rendered on the server (status 200, 404
 * or 500, or a real 301/302 for a route redirect); every other URL, and any page whose render
 * fails, gets the client-rendered shell (the failure logged, never a blank page).
 */
export function serverRenderedPages(options: PageRenderOptions): RequestHandler {
  const template = readFileSync(options.indexHtml, 'utf8');
  const log = options.log ?? ((message: string) => console.error(message));
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const origin = requestOrigin(options.publicOrigin, req);
    const nonce = options.contentSecurityPolicy ? randomBytes(16).toString('base64') : undefined;
    const cache = options.pageCache ?? null;
    const key = PageCache.keyOf(origin, req.originalUrl);
    const kept = cache?.get(key, nonce ?? '');
    if (kept) {
      if (nonce) res.setHeader('Content-Security-Policy', options.contentSecurityPolicy!(nonce));
      res.setHeader('X-Magento-Cache-Debug', 'HIT');
      return sendPage(res, kept.status, kept.html);
    }
    const generation = cache?.generation ?? 0;
    const graphql = taggedFetch(options.graphql(origin));
    options
      .render({ url: req.originalUrl, origin, fetch: graphql.fetch, ...(nonce ? { nonce } : {}) })
      .then((result) => {
        if (nonce && result.kind === 'page') res.setHeader('Content-Security-Policy', options.contentSecurityPolicy!(nonce));
        const html = send(res, template, result, options.manifest, nonce);
        // Only a page found and shown (200), made from cacheable catalog answers only, is kept.
        if (cache && html !== null && result.kind === 'page' && result.status === 200 && graphql.cacheable()) {
          cache.set(key, { html, status: result.status, nonce: nonce ?? '' }, [...graphql.tags, 'FPC'], generation);
        }
      })
      .catch((error: unknown) => {
        log(`server render of ${req.originalUrl} failed, the browser renders it: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        sendShell(res, template);
      });
  };
}

/** Sends the render's answer; returns the page's HTML when it sent a rendered page. */
function send(res: Response, template: string, result: ServerRenderResult, manifest: ViteManifest, nonce: string | undefined): string | null {
  if (result.kind === 'client') {
    sendShell(res, result.robots ? withRobots(template, result.robots) : template, result.status);
    return null;
  }
  if (result.kind === 'redirect') {
    res.setHeader('Cache-Control', 'no-cache');
    res.redirect(result.status, result.location);
    return null;
  }
  const html = pageHtml(template, result, pageAssetsOf(manifest, result.pageModules), nonce);
  sendPage(res, result.status, html);
  return html;
}

function sendPage(res: Response, status: number, html: string): void {
  res.status(status);
  if (status >= 500) answeredAsDesigned(res); // the page says what went wrong; the render did its job
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.send(html);
}

function sendShell(res: Response, template: string, status = 200): void {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.send(template);
}

const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/div><\/div><\/div>/;
/** index.html's own title and description (the shell's), replaced by the page's. */
const SHELL_TITLE = /<title>[^<]*<\/title>\s*/;
const SHELL_DESCRIPTION = /<meta name="description"[^>]*>\s*/;

/**
 * The built index.html around a rendered page: its language, the page in `#root` (instead of the
 * static boot shell), the stylesheets applied at once (the page is real content, not a shell
 * that may paint unstyled), and the hand-over for hydration before the app's script.
 */
export function pageHtml(template: string, page: Extract<ServerRenderResult, { kind: 'page' }>, assets: PageAssets, nonce?: string): string {
  if (!ROOT_ELEMENT.test(template)) throw new Error('index.html has no boot shell in #root to replace');
  if (!SHELL_TITLE.test(template) || !SHELL_DESCRIPTION.test(template)) throw new Error('index.html has no <title> and description to replace');
  const html = template
    .replace(/<html lang="[^"]*">/, `<html lang="${escapeAttribute(page.lang)}">`)
    .replace(SHELL_TITLE, '')
    .replace(SHELL_DESCRIPTION, '')
    .replace('</head>', () => `${renderPageHead(page.head)}\n${pageAssetLinks(assets)}\n</head>`)
    .replace(/ media="print" data-deferred-stylesheet/g, '')
    .replace(ROOT_ELEMENT, () => `${inlineScript(earlyInteractionsCapture(), nonce)}<div id="root">${page.html}</div>${renderedPageScript(page.rendered)}`);
  return withScriptsAfterFirstPaint(html, nonce);
}

const ENTRY_SCRIPT = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">\s*/g;

/**
 * A server page shows without its code (ADR 033): its scripts (the entry and the modules
 * it preloads) are asked for once the page's LCP image (the one with `fetchpriority="high"`, if
 * any) is decoded and painted, so on a slow network that picture has the bandwidth to itself
 * rather than sharing it with 200 kB of JavaScript. A page without such a picture (its LCP is text,
 * e.g. the home page's heading) asks once its first frame is painted; a hidden tab goes on at once;
 * none waits more than 3 s. The shell of a page the
 * browser renders keeps its script tags as they are.
 */
export function withScriptsAfterFirstPaint(html: string, nonce?: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const loader = `${inlineScript(scriptLoader(entry, preloads), nonce)}\n`;
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, '')
    .replace('</body>', () => `${loader}</body>`);
}

/** The inline loader (ES5, no dependency): the URLs are the build's own asset paths, JSON-encoded. */
function scriptLoader(entry: string, preloads: string[]): string {
  const urls = JSON.stringify({ entry, preloads }).replace(/</g, '\\u003c');
  return (
    `(function(u){var d=document,started=false;` +
    `function go(){if(started)return;started=true;` +
    `u.preloads.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='anonymous';l.href=h;d.head.appendChild(l)});` +
    `var s=d.createElement('script');s.type='module';s.crossOrigin='anonymous';s.src=u.entry;d.body.appendChild(s)}` +
    `function afterPaint(){requestAnimationFrame(function(){requestAnimationFrame(go)})}` +
    `var img=d.querySelector('#root img[fetchpriority="high"]');` +
    `setTimeout(go,3000);` +
    // No such picture: the LCP is text, painted in the first frame; the scripts follow that paint.
    `if(d.hidden){go();return}` +
    `if(!img){afterPaint();return}` +
    // decode() alone rejects at once when the srcset's choice replaces the request: the load first.
    `function loaded(){if(img.decode){img.decode().then(afterPaint,afterPaint)}else{afterPaint()}}` +
    `if(img.complete){loaded()}else{img.addEventListener('load',loaded);img.addEventListener('error',afterPaint)}` +
    `})(${urls})`
  );
}

/** An inline script with the answer's nonce, so the Content-Security-Policy lets it run. */
function inlineScript(code: string, nonce: string | undefined): string {
  return `<script${nonce ? ` nonce="${escapeAttribute(nonce)}"` : ''}>${code}</script>`;
}

/**
 * The capture of what a shopper does before the page's code runs (ES5, just before `#root`; replayed
 * by src/app/early-interactions.ts once React runs the page). For a control in `#root`: a trusted
 * click on a button, `[role=button]` or `summary` is held back (a submit button must not submit
 * natively) and kept; a radio or checkbox clicked (directly, or through its label, which forwards
 * the click) is checked by the browser as usual and kept with its new state; a text field typed in
 * is kept with its value, a select changed with the option chosen; a link navigates as usual. Each with the state the server wrote. It stops
 * once React listens on `#root` (`hydrateRoot` marks it `_reactListening…`): React sees events itself
 * from then on, and one recorded too would be handled twice.
 */
export function earlyInteractionsCapture(): string {
  return (
    `(function(w,d){var q=w[${JSON.stringify(EARLY_INTERACTIONS_KEY)}]=[];` +
    `function inRoot(el){var r=d.getElementById('root');return !!r&&r.contains(el)&&!Object.keys(r).some(function(k){return k.indexOf('_reactListening')===0})}` +
    `function field(el){return (el.tagName==='INPUT'&&el.type!=='radio'&&el.type!=='checkbox')||el.tagName==='SELECT'}` +
    `function keep(el,v,s){for(var i=0;i<q.length;i++)if(field(el)&&q[i].e===el){q[i].v=v;return}q.push({e:el,v:v,s:s})}` +
    `d.addEventListener('click',function(e){var t=e.target,el=t&&t.closest&&t.closest('a[href],button,[role=button],summary,input,label');if(!el||!inRoot(el))return;` +
    `if(el.tagName==='INPUT'){if(!field(el))keep(el,el.checked,el.defaultChecked);return}` +
    `if(e.isTrusted&&(el.tagName==='BUTTON'||el.tagName==='SUMMARY'||el.getAttribute('role')==='button')){e.preventDefault();keep(el,null,null)}},true);` +
    `d.addEventListener('input',function(e){var t=e.target;if(t&&t.tagName==='INPUT'&&field(t)&&inRoot(t))keep(t,t.value,t.defaultValue)},true);` +
    // A select (the listing's sort) changed: kept with its value and the option the server selected.
    `d.addEventListener('change',function(e){var t=e.target;if(t&&t.tagName==='SELECT'&&inRoot(t)){var o=t.querySelector('option[selected]');keep(t,t.value,o?o.value:'')}},true)` +
    `})(window,document)`
  );
}

/** The shell with a robots rule (the shopper's own pages are never listed by search engines). */
export function withRobots(template: string, robots: string): string {
  return template.replace('</head>', () => `<meta name="robots" content="${escapeAttribute(robots)}">\n</head>`);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
