import preview from '../../../.storybook/preview';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './button';
import { SummaryBlock } from './summary-block';

/** A titled summary of a choice with the action that changes it, named after what it changes ("Change frame"). */
const meta = preview.meta({
  title: 'Shared/Summary block',
  component: SummaryBlock,
  tags: ['autodocs'],
  args: {
    title: 'Your frame',
    rows: [
      { key: 'colour', label: 'Colour', value: 'Tortoise' },
      { key: 'size', label: 'Size', value: 'M' },
    ],
  },
  argTypes: {
    title: { control: 'text', description: 'The heading' },
    rows: { control: 'object', description: 'Label/value rows' },
    action: { control: false, description: 'A button or link changing what it summarises' },
    children: { control: false, description: 'Free content below the rows' },
  },
});
const onChangeFrame = fn();

export const WithAction = meta.story({
  render: (args) => (
    <SummaryBlock
      {...args}
      action={
        <Button priority="low" onClick={onChangeFrame}>
          Change frame
        </Button>
      }
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Your frame' })).toBeVisible();
    await expect(canvas.getAllByRole('term').map((t) => t.textContent)).toEqual(['Colour', 'Size']);
    await userEvent.click(canvas.getByRole('button', { name: 'Change frame' }));
    await expect(onChangeFrame).toHaveBeenCalled();
  },
});

export const WithText = meta.story({
  args: { title: 'Prescription', rows: [], children: <p>You will send it after ordering.</p> },
});
