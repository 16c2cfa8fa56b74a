import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LoadingRegion, Shimmer } from './skeleton';

/** spec §9 skeleton types: rectangle, button, checkbox, radio, textArea, textInput (sizes in rem when numeric). */
const meta = {
  title: 'Shared/Skeleton',
  component: Shimmer,
} satisfies Meta<typeof Shimmer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllTypes: Story = {
  render: () => (
    <LoadingRegion label="Loading the form…">
      <div style={{ display: 'grid', gap: '1rem', padding: '1rem', maxWidth: '24rem' }}>
        <Shimmer type="rectangle" width={12} height={2} />
        <Shimmer type="button" />
        <Shimmer type="checkbox" />
        <Shimmer type="radio" />
        <Shimmer type="textArea" />
        <Shimmer type="textInput" />
      </div>
    </LoadingRegion>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading the form…');
    const types = [...canvasElement.querySelectorAll('[data-skeleton]')].map((el) => el.getAttribute('data-skeleton'));
    await expect(types).toEqual(['rectangle', 'button', 'checkbox', 'radio', 'textArea', 'textInput']);
    const rectangle = canvasElement.querySelector<HTMLElement>('[data-skeleton="rectangle"]')!;
    await expect(rectangle.style.width).toBe('12rem');
    await expect(rectangle.getAttribute('aria-hidden')).toBe('true');
  },
};

export const Rectangle: Story = { args: { width: '50%', height: 1.5 } };
