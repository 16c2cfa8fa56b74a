import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';

/** The design tokens of `theme.css`: every screen takes its colours, sizes, spaces and radii from these custom properties. */
const COLOURS = ['ink', 'ink-muted', 'paper', 'surface', 'line', 'brand', 'brand-soft', 'brand-ink', 'error', 'focus'];
const SIZES = ['xs', 'sm', 'md', 'lg', 'xl', '2xl'];
const SPACES = ['1', '2', '3', '4', '6', '8'];
const RADII = ['radius-sm', 'radius', 'radius-pill'];

function Tokens({ sample }: { sample: string }) {
  const value = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return (
    <div style={{ display: 'grid', gap: 'var(--space-6)', padding: 'var(--space-4)' }}>
      <section aria-label="Colours" style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-3)' }}>
        {COLOURS.map((c) => (
          <figure key={c} style={{ margin: 0, width: '7rem' }}>
            <div style={{ height: '3rem', background: `var(--color-${c})`, border: '1px solid var(--color-line)', borderRadius: 'var(--radius)' }} />
            <figcaption style={{ fontSize: 'var(--font-size-xs)' }}>
              --color-{c} {value(`--color-${c}`)}
            </figcaption>
          </figure>
        ))}
      </section>
      <section aria-label="Type scale">
        {SIZES.map((s) => (
          <p key={s} style={{ margin: 0, fontSize: `var(--font-size-${s})` }}>
            --font-size-{s}: {sample}
          </p>
        ))}
      </section>
      <section aria-label="Spacing" style={{ display: 'grid', gap: 'var(--space-1)' }}>
        {SPACES.map((s) => (
          <div key={s} style={{ display: 'flex', alignItems: 'center', gap: 'var(--space-2)', fontSize: 'var(--font-size-xs)' }}>
            <span style={{ width: `var(--space-${s})`, height: '1rem', background: 'var(--color-brand)' }} />
            --space-{s} {value(`--space-${s}`)}
          </div>
        ))}
      </section>
      <section aria-label="Radii" style={{ display: 'flex', gap: 'var(--space-3)' }}>
        {RADII.map((r) => (
          <div
            key={r}
            style={{ padding: 'var(--space-3)', border: '2px solid var(--color-brand)', borderRadius: `var(--${r})`, fontSize: 'var(--font-size-xs)' }}
          >
            --{r}
          </div>
        ))}
      </section>
    </div>
  );
}

const meta = preview.meta({
  title: 'Shared/Design tokens',
  component: Tokens,
  tags: ['autodocs'],
  args: { sample: 'Lenses for Milo Round' },
  argTypes: { sample: { control: 'text', description: 'The text shown at each size of the type scale' } },
});

export const AllTokens = meta.story({
  play: async ({ canvasElement }) => {
    const root = getComputedStyle(document.documentElement);
    // Every token is defined (a typo in theme.css would leave it empty).
    for (const name of [
      ...COLOURS.map((c) => `--color-${c}`),
      ...SIZES.map((s) => `--font-size-${s}`),
      ...SPACES.map((s) => `--space-${s}`),
      ...RADII.map((r) => `--${r}`),
    ]) {
      await expect(root.getPropertyValue(name).trim(), name).not.toBe('');
    }
    // The type scale grows step by step.
    const sizes = SIZES.map((s) => parseFloat(root.getPropertyValue(`--font-size-${s}`)));
    await expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
    await expect(within(canvasElement).getByRole('region', { name: 'Colours' })).toBeVisible();
  },
});
