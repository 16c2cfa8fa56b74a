import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { LoadingRegion, Shimmer } from './skeleton';

/** spec §9 skeleton types: rectangle, button, checkbox, radio, textArea, textInput (sizes in rem when numeric). */
const meta = preview.meta({
  title: 'Shared/Skeleton',
  component: Shimmer,
  tags: ['autodocs'],
  argTypes: {
    type: { control: 'select', options: ['rectangle', 'button', 'checkbox', 'radio', 'textArea', 'textInput'] },
    width: { control: 'text', description: 'rem when a number, else any CSS length (e.g. 100%)' },
    height: { control: 'text', description: 'rem when a number, else any CSS length' },
  },
});

export const AllTypes = meta.story({
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
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the form…');
    const types = [...canvasElement.querySelectorAll('[data-skeleton]')].map((el) => el.getAttribute('data-skeleton'));
    await expect(types).toEqual(['rectangle', 'button', 'checkbox', 'radio', 'textArea', 'textInput']);
    const rectangle = canvasElement.querySelector<HTMLElement>('[data-skeleton="rectangle"]')!;
    await expect(rectangle.style.width).toBe('12rem');
    await expect(rectangle.getAttribute('aria-hidden')).toBe('true');
  },
});

export const Rectangle = meta.story({ args: { width: '50%', height: 1.5 } });

/** One shape at the size the Controls say (numbers are rem). */
export const Sized = meta.story({
  args: { type: 'rectangle', width: 20, height: 3 },
  render: (args) => (
    <LoadingRegion label="Loading…">
      <div style={{ padding: '1rem' }}>
        <Shimmer {...args} />
      </div>
    </LoadingRegion>
  ),
  play: async ({ canvasElement }) => {
    const shape = canvasElement.querySelector<HTMLElement>('[data-skeleton="rectangle"]')!;
    await expect(shape.style.width).toBe('20rem');
    await expect(shape.style.height).toBe('3rem');
  },
});
