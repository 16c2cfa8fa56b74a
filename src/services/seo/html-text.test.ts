import { describe, expect, it } from 'vitest';
import { descriptionOf, plainTextOf, truncateText } from './html-text';

describe('SEO (ADR 014): a meta description from HTML', () => {
  it('keeps the text a reader sees: entities decoded, words of adjacent blocks apart, scripts, styles and comments dropped', () => {
    expect(
      plainTextOf('<h2>Aurora</h2><p>Light&nbsp;&amp; <b>strong</b><br>acetate</p><!-- note --><script>alert("<p>x</p>")</script><style>p{}</style>'),
    ).toBe('Aurora Light & strong acetate');
  });

  it('reads malformed HTML as a browser would, with no markup left over', () => {
    expect(plainTextOf('<p title="a > b">One <img src=x onerror=alert(1)>two</p <div>three')).toBe('One two three');
    expect(plainTextOf('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
    expect(plainTextOf(null)).toBe('');
  });

  it('cuts at about 160 characters on a word boundary, with an ellipsis', () => {
    const text = `${'word '.repeat(40)}end`;
    const cut = truncateText(text);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/word…$/);
    expect(truncateText('short text')).toBe('short text');
    expect(descriptionOf('<p> </p>')).toBeNull();
  });
});
