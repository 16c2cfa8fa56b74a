// @vitest-environment jsdom
import { act, createElement, Suspense, use, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyInteractions } from '../src/app/early-interactions';
import { EARLY_INTERACTIONS_KEY, type EarlyInteraction } from '../src/app/rendered-page';
import { earlyInteractionsCapture } from './page-render';

/** A page with a colour radio group, a drawer button and a search field, all controlled by React. */
function Page() {
  const [colour, setColour] = useState('black');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [gift, setGift] = useState(false);
  const radio = (value: string) =>
    createElement(
      'label',
      { key: value },
      value,
      createElement('input', { type: 'radio', name: 'colour', value, checked: colour === value, onChange: () => setColour(value) }),
    );
  return createElement(
    'main',
    null,
    radio('black'),
    radio('tortoise'),
    createElement('input', { type: 'checkbox', 'aria-label': 'gift', checked: gift, onChange: (e: { target: HTMLInputElement }) => setGift(e.target.checked) }),
    createElement('button', { type: 'button', onClick: () => setOpen((was) => !was) }, 'Shop by category'),
    createElement('input', { type: 'search', 'aria-label': 'search', value: query, onChange: (e: { target: HTMLInputElement }) => setQuery(e.target.value) }),
    createElement('output', null, `${colour} ${open ? 'open' : 'closed'} ${gift ? 'gift' : 'no-gift'} [${query}]`),
  );
}

const list = () => (window as unknown as Record<string, EarlyInteraction[]>)[EARLY_INTERACTIONS_KEY]!;
const elements = () => list().map((entry) => entry.e);
const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;

/** The server's page with the page's capture running (the inline script as the server writes it). */
function serverPage(): HTMLElement {
  document.body.innerHTML = `<div id="root">${renderToString(createElement(Page))}</div><button id="outside">outside</button>`;
  new Function(earlyInteractionsCapture())();
  return $<HTMLElement>('#root');
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

async function hydrate(container: HTMLElement, onRecoverableError = vi.fn()) {
  await act(async () => {
    root = hydrateRoot(container, createElement(Page), { onRecoverableError });
  });
  await act(() => replayEarlyInteractions({ pause: () => Promise.resolve() }));
  return onRecoverableError;
}

describe('what a shopper does before a server page’s code runs (ADR 033)', () => {
  it('a radio checked through its label, a checkbox, a held click and typed words reach React once it runs, without a hydration error', async () => {
    const container = serverPage();
    $<HTMLInputElement>('input[value="tortoise"]').parentElement!.click();
    expect($<HTMLInputElement>('input[value="tortoise"]').checked).toBe(true); // the browser checks it at once
    $<HTMLInputElement>('input[type="checkbox"]').click();
    const search = $<HTMLInputElement>('input[type="search"]');
    search.value = 'aur';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    // A shopper's click (trusted: jsdom's clicks are not, so it is recorded as the capture does).
    list().push({ e: $('button'), v: null, s: null });
    search.value = 'aurora';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    expect(elements()).toEqual([$('input[value="tortoise"]'), $('input[type="checkbox"]'), search, $('button')]);
    expect(list().map(({ v, s }) => [v, s])).toEqual([
      [true, false],
      [true, false],
      ['aurora', ''],
      [null, null],
    ]);

    const recoverable = await hydrate(container);
    expect($('output').textContent).toBe('tortoise open gift [aurora]');
    expect($<HTMLInputElement>('input[value="tortoise"]').checked).toBe(true);
    expect($<HTMLInputElement>('input[value="black"]').checked).toBe(false);
    expect(search.value).toBe('aurora');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('a choice changed back before hydration ends as the shopper left it, and nothing is replayed twice', async () => {
    const container = serverPage();
    $<HTMLInputElement>('input[value="tortoise"]').click();
    $<HTMLInputElement>('input[value="black"]').click();
    $<HTMLInputElement>('input[type="checkbox"]').click();
    $<HTMLInputElement>('input[type="checkbox"]').click();
    $<HTMLInputElement>('input[type="checkbox"]').click();
    await hydrate(container);
    expect($('output').textContent).toBe('black closed gift []');
    await act(() => replayEarlyInteractions({ pause: () => Promise.resolve() }));
    expect($('output').textContent).toBe('black closed gift []');
  });

  it('leaves script clicks and what is outside #root alone, and records nothing once React listens', async () => {
    const container = serverPage();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    $('button').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false); // not a shopper's click
    $<HTMLButtonElement>('#outside').click();
    expect(list()).toHaveLength(0);
    await act(async () => {
      root = hydrateRoot(container, createElement(Page));
    });
    $<HTMLInputElement>('input[value="tortoise"]').click();
    expect(list()).toHaveLength(0);
    expect($('output').textContent).toBe('tortoise closed no-gift []'); // React's own onChange
  });

  it('waits until the part of the page a shopper used is committed, not only rendered: a click there before would be lost', async () => {
    // A page part whose hydration is held (a lazy chunk still loading): React has rendered the radio
    // (its DOM node carries a fiber) but not committed it, so React drops an event dispatched to it.
    let chunkLoaded = true;
    let loadChunk!: () => void;
    const chunk = new Promise<void>((resolve) => (loadChunk = resolve));
    function LazyPart() {
      if (!chunkLoaded) use(chunk);
      return createElement('span', null, 'reviews');
    }
    function PageWithLazyPart() {
      const [colour, setColour] = useState('black');
      return createElement(
        Suspense,
        { fallback: null },
        createElement('input', { type: 'radio', name: 'colour', value: 'tortoise', checked: colour === 'tortoise', onChange: () => setColour('tortoise') }),
        createElement('output', null, colour),
        createElement(LazyPart),
      );
    }
    document.body.innerHTML = `<div id="root">${renderToString(createElement(PageWithLazyPart))}</div>`;
    new Function(earlyInteractionsCapture())();
    $<HTMLInputElement>('input[value="tortoise"]').click();
    chunkLoaded = false;
    await act(async () => {
      root = hydrateRoot($<HTMLElement>('#root'), createElement(PageWithLazyPart));
    });
    expect(Object.keys($('input')).some((key) => key.startsWith('__reactFiber$'))).toBe(true); // rendered…
    let pauses = 0;
    const replayed = replayEarlyInteractions({
      pause: async () => {
        pauses += 1;
        if (pauses === 3) await act(async () => loadChunk()); // …and committed once its chunk comes
      },
      maxPauses: 10,
    });
    await replayed;
    expect($('output').textContent).toBe('tortoise');
    expect(pauses).toBeGreaterThanOrEqual(3);
  });

  it('drops an element React never runs after its pauses, and one no longer in the page', async () => {
    serverPage();
    $<HTMLInputElement>('input[value="tortoise"]').click();
    list().push({ e: $('button'), v: null, s: null });
    $('button').remove();
    const pause = vi.fn(() => Promise.resolve());
    await replayEarlyInteractions({ pause, maxPauses: 3 });
    expect(pause).toHaveBeenCalledTimes(3); // the radio waited 3 pauses; the button, gone, none
    expect($('output').textContent).toBe('black closed no-gift []');
  });

  it('a sort chosen in a select before hydration is the sort after it', async () => {
    function Sorted() {
      const [sort, setSort] = useState('position');
      return createElement(
        'main',
        null,
        createElement(
          'select',
          { 'aria-label': 'Sort by', value: sort, onChange: (e: { target: HTMLSelectElement }) => setSort(e.target.value) },
          createElement('option', { value: 'position' }, 'Position'),
          createElement('option', { value: 'price' }, 'Price'),
        ),
        createElement('output', null, sort),
      );
    }
    document.body.innerHTML = `<div id="root">${renderToString(createElement(Sorted))}</div>`;
    new Function(earlyInteractionsCapture())();
    const select = $<HTMLSelectElement>('select');
    select.value = 'price';
    // A browser fires input, then change, on a select: it is kept once, with the option the server selected.
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(list().map(({ v, s }) => [v, s])).toEqual([['price', 'position']]);
    await act(async () => {
      root = hydrateRoot($<HTMLElement>('#root'), createElement(Sorted));
    });
    await act(() => replayEarlyInteractions({ pause: () => Promise.resolve() }));
    expect($('output').textContent).toBe('price');
    expect(select.value).toBe('price');
  });
});
