import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from './button';

/** spec §9 buttons: min height 2.5rem, min width 10rem; priorities low, normal, high, plus negative variants. */
const meta = {
  title: 'Shared/Button',
  component: Button,
  args: { children: 'Choose your lenses' },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

const rem = (px: string) => parseFloat(px) / parseFloat(getComputedStyle(document.documentElement).fontSize);

export const AllPriorities: Story = {
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
    const buttons = within(canvasElement).getAllByRole('button');
    await expect(buttons).toHaveLength(7);
    for (const button of buttons) {
      const style = getComputedStyle(button);
      await expect(rem(style.minHeight)).toBe(2.5);
      await expect(rem(style.minWidth)).toBe(10);
    }
    await expect(within(canvasElement).getByRole('button', { name: 'Disabled' })).toBeDisabled();
  },
};

export const High: Story = { args: { priority: 'high' } };
export const NormalNegative: Story = { args: { priority: 'normal', negative: true, children: 'Remove' } };
