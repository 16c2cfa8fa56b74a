// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applyDeferredStylesheets, DEFERRED_STYLESHEET_ATTRIBUTE } from './deferred-stylesheets';

function deferredLink(href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.media = 'print';
  link.href = href;
  link.setAttribute(DEFERRED_STYLESHEET_ATTRIBUTE, '');
  document.head.append(link);
  return link;
}

describe('applyDeferredStylesheets', () => {
  it('applies the stylesheets to the screen only once each has loaded or failed', async () => {
    document.head.innerHTML = '';
    const loaded = deferredLink('/assets/index.css');
    const failed = deferredLink('/assets/page-loading.css');
    const other = document.createElement('link');
    other.rel = 'stylesheet';
    other.media = 'print';
    document.head.append(other);

    let applied = false;
    const done = applyDeferredStylesheets(document).then(() => void (applied = true));
    await Promise.resolve();
    expect(applied).toBe(false);
    expect(loaded.media).toBe('print');

    loaded.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(applied).toBe(false);
    failed.dispatchEvent(new Event('error'));
    await done;

    expect([loaded.media, failed.media]).toEqual(['all', 'all']);
    expect(other.media).toBe('print');
  });

  it('resolves at once when the page has no deferred stylesheet (development server)', async () => {
    document.head.innerHTML = '';
    await expect(applyDeferredStylesheets(document)).resolves.toBeUndefined();
  });
});
