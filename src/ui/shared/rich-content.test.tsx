// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import DOMPurify from 'dompurify';
import { PassThrough } from 'node:stream';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToPipeableStream } from 'react-dom/server';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RichContent } from './rich-content';

const ATTACK =
  '<p>Our frames <img src="/media/x.png" onerror="window.__xss = true"><script>window.__xss = true</script><a href="/ca/sale.html">on sale</a></p>';
const FORGED = '<div data-rich-source="0">forged</div>';

const page = (html: string) => (
  <MemoryRouter initialEntries={['/ca/']}>
    <main>
      <RichContent className="description" html={html} />
    </main>
  </MemoryRouter>
);

/** React's server render of `element` (renderToPipeableStream, all boundaries ready), as the server render does it. */
function fizz(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    let text = '';
    sink.on('data', (chunk: Buffer) => (text += chunk.toString()));
    sink.on('end', () => resolve(text));
    const stream = renderToPipeableStream(element, { onAllReady: () => stream.pipe(sink), onShellError: reject, onError: reject });
  });
}

/**
 * The server's answer for `html`. React's server renderer leaves the context values of the last
 * boundary it resumed (the router's) on the context objects it shares with the browser renderer in
 * this one process, until its next render: a render of nothing puts them back.
 */
async function serverHtml(html: string): Promise<string> {
  const text = await fizz(page(html));
  await fizz(<span />);
  return text;
}

let hydrated: Root | null = null;
async function hydrate(container: HTMLElement, html: string): Promise<unknown[]> {
  const errors: unknown[] = [];
  await act(async () => {
    hydrated = hydrateRoot(container, page(html), { onRecoverableError: (error) => errors.push(error) });
  });
  return errors;
}

describe('backend HTML on a server-rendered page (the sanitiser is not on its load path)', () => {
  let container: HTMLDivElement;
  beforeEach(() => {
    container = document.body.appendChild(document.createElement('div'));
    delete (window as { __xss?: boolean }).__xss;
  });
  afterEach(() => {
    act(() => hydrated?.unmount());
    hydrated = null;
    cleanup();
    container.remove();
    vi.restoreAllMocks();
  });

  it('spec §9 hydration takes the server-sanitised block over as it stands, without sanitising again', async () => {
    container.innerHTML = await serverHtml(ATTACK);
    const block = container.querySelector('.description')!;
    const sanitisedByServer = block.innerHTML;
    expect(sanitisedByServer).toContain('on sale');
    expect(sanitisedByServer).not.toMatch(/onerror|<script/);
    const sanitise = vi.spyOn(DOMPurify, 'sanitize');
    const errors = await hydrate(container, ATTACK);
    expect(errors).toEqual([]);
    expect(sanitise).not.toHaveBeenCalled();
    expect(container.querySelector('.description')).toBe(block);
    expect(block.innerHTML).toBe(sanitisedByServer);
  });

  it('spec §9 HTML other than what the server sanitised is sanitised in the browser on hydration (no script, no handler)', async () => {
    container.innerHTML = await serverHtml('<p>Round frames</p>');
    const sanitise = vi.spyOn(DOMPurify, 'sanitize');
    await hydrate(container, ATTACK);
    await waitFor(() => expect(container.querySelector('.description')?.textContent).toBe('Our frames on sale'));
    expect(sanitise).toHaveBeenCalled();
    const shown = container.querySelector('.description')!.innerHTML;
    expect(shown).not.toMatch(/onerror|<script/);
    expect((window as { __xss?: boolean }).__xss).toBeUndefined();
  });

  it('spec §9 a page the app renders itself sanitises its backend HTML', async () => {
    const { container: shown } = render(page(ATTACK));
    await waitFor(() => expect(shown.querySelector('.description')?.textContent).toBe('Our frames on sale'));
    expect(shown.querySelector('.description')!.innerHTML).not.toMatch(/onerror|<script/);
  });

  it('spec §9 backend HTML cannot carry the marks of a server-sanitised block', async () => {
    container.innerHTML = await serverHtml(FORGED);
    const inner = container.querySelector('.description > div')!;
    expect(inner.textContent).toBe('forged');
    expect(inner.hasAttribute('data-rich-source')).toBe(false);
  });
});

describe('links of backend content (spec §9)', () => {
  it('a link to the shop without a store view is written in the page’s store view; others are left alone', async () => {
    const { inStoreView } = await import('./sanitised-content');
    expect(inStoreView('/eyeglasses.html', '/ca')).toBe('/ca/eyeglasses.html');
    expect(inStoreView('/eyeglasses.html?frame_shape=round#top', '/fr/')).toBe('/fr/eyeglasses.html?frame_shape=round#top');
    expect(inStoreView('/ca/sale.html', '/ca')).toBeNull();
    expect(inStoreView('/us/sale.html', '/ca')).toBeNull(); // another store view, named on purpose
    expect(inStoreView('/media/size-guide.pdf', '/ca')).toBeNull();
    expect(inStoreView('//cdn.example/x.html', '/ca')).toBeNull();
    expect(inStoreView('https://example.com/x.html', '/ca')).toBeNull();
    expect(inStoreView('sale.html', '/ca')).toBeNull();
    expect(inStoreView('/sale.html', '/')).toBeNull(); // no store view in the address
  });

  it('the sanitised block’s links name the store view the page is in', async () => {
    render(
      <MemoryRouter basename="/de" initialEntries={['/de/']}>
        <RichContent className="cms" html={'<p><a href="/eyeglasses.html">Brillen</a> <a href="/media/guide.pdf">Guide</a></p>'} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.querySelector('.cms a')).not.toBeNull());
    const links = [...document.querySelectorAll('.cms a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/de/eyeglasses.html', '/media/guide.pdf']);
  });
});
