import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { Button } from './button';

/** spec §9 buttons: min height 2.5rem, min width 10rem; priorities low, normal, high, plus negative variants. */
// `columnWidth` is the NarrowColumn story's own control (the box's width), not a Button property.
const meta = preview.type<{ args: { columnWidth?: number } }>().meta({
  title: 'Shared/Button',
  component: Button,
  // The component library: a Docs page of its properties; Controls for the label, priority, state and width.
  tags: ['autodocs'],
  args: { children: 'Choose your lenses' },
  argTypes: {
    children: { control: 'text', description: 'The label' },
    priority: { control: 'inline-radio', options: ['low', 'normal', 'high'] },
    negative: { control: 'boolean', description: 'A destructive action (remove, cancel)' },
    disabled: { control: 'boolean' },
  },
});

const rem = (px: string) => parseFloat(px) / parseFloat(getComputedStyle(document.documentElement).fontSize);

export const AllPriorities = meta.story({
  render: () => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', padding: '1rem' }}>
      <Button priority="low">Low</Button>
      <Button priority="normal">Normal</Button>
      <Button priority="high">High</Button>
      <Button priority="low" negative>
        Low negative
      </Button>
      <Button priority="normal" negative>
        Normal negative
      </Button>
      <Button priority="high" negative>
        High negative
      </Button>
      <Button priority="high" disabled>
        Disabled
      </Button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const buttons = await within(canvasElement).findAllByRole('button');
    await expect(buttons).toHaveLength(7);
    for (const button of buttons) {
      const style = getComputedStyle(button);
      await expect(rem(style.minHeight)).toBe(2.5);
      await expect(rem(style.minWidth)).toBe(10);
    }
    await expect(await within(canvasElement).findByRole('button', { name: 'Disabled' })).toBeDisabled();
  },
});

export const High = meta.story({ args: { priority: 'high' } });

/** A long label in a column as wide as the `columnWidth` control: the label wraps, the button keeps its minimum size. */
export const NarrowColumn = meta.story({
  args: { priority: 'normal', children: 'Add the Aurora Cat-Eye with progressive lenses to your cart', columnWidth: 12 },
  argTypes: { columnWidth: { control: { type: 'range', min: 8, max: 40, step: 1 }, description: 'Width of the column (rem)' } },
  render: ({ columnWidth, ...args }) => (
    <div data-testid="column" style={{ width: `${columnWidth}rem`, padding: '1rem' }}>
      <Button {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: /Add the Aurora Cat-Eye/ });
    await expect(rem(getComputedStyle(button).minWidth)).toBe(10);
    await expect(button.getBoundingClientRect().width).toBeLessThanOrEqual(canvas.getByTestId('column').clientWidth);
  },
});
