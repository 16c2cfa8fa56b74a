import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import type { ComponentProps } from 'react';
import { ReflowTable } from './reflow-table';

/**
 * A table that becomes a card per row where its box is narrower than 22rem (a phone's cart line, the
 * mini cart), instead of a sideways scroller. The `boxWidth` control sets the box's width in rem.
 */
const meta = preview.type<{ args: { boxWidth?: number } }>().meta({
  title: 'Shared/Reflow table',
  component: ReflowTable,
  tags: ['autodocs'],
  args: {
    caption: 'Prescription',
    rowHeaderLabel: 'Eye',
    columns: [
      { key: 'sph', label: 'SPH' },
      { key: 'cyl', label: 'CYL' },
      { key: 'axis', label: 'AXIS' },
      { key: 'add', label: 'ADD' },
    ],
    rows: [
      { key: 'od', header: 'OD (right eye)', cells: { sph: '-2.00', cyl: '-0.75', axis: '90', add: '+1.50' } },
      { key: 'os', header: 'OS (left eye)', cells: { sph: '-1.75', cyl: '-0.50', axis: '85', add: '+1.50' } },
    ],
  },
  argTypes: {
    caption: { control: 'text', description: 'The table’s name (a visually hidden caption)' },
    rowHeaderLabel: { control: 'text', description: 'The header of the row headers’ column' },
    columns: { control: 'object', description: 'Columns: a key and a label each (the label also heads the cell in a card)' },
    rows: { control: 'object', description: 'Rows: a key, a header and the cells by column key' },
  },
});

const inBox = ({ boxWidth = 40, ...args }: ComponentProps<typeof ReflowTable> & { boxWidth?: number }) => (
  <div style={{ width: `${boxWidth}rem` }}>
    <ReflowTable {...args} />
  </div>
);

/** Wide enough: a plain table, every value in its column. */
export const Wide = meta.story({
  args: { boxWidth: 40 },
  argTypes: { boxWidth: { control: { type: 'range', min: 10, max: 60, step: 1 }, description: 'The box’s width in rem' } },
  render: inBox,
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Prescription' });
    const od = within(table).getByRole('row', { name: /OD \(right eye\)/ });
    await expect(od).toHaveTextContent('-2.00');
    await expect(getComputedStyle(within(table).getAllByRole('columnheader')[1]!).display).toBe('table-cell');
  },
});

/** A phone's cart line (about 14rem): each eye a card, every value shown whole with its label, no scroller. */
export const Narrow = meta.story({
  args: { boxWidth: 14 },
  argTypes: Wide.input.argTypes,
  render: inBox,
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Prescription' });
    // Still a table to screen readers, with its rows named by their eye.
    const os = within(table).getByRole('row', { name: /OS \(left eye\)/ });
    const cells = within(os).getAllByRole('cell');
    await expect(cells).toHaveLength(4);
    for (const cell of cells) {
      // Each value fits its box: nothing is cut off or scrolled away.
      await expect(cell.getBoundingClientRect().right).toBeLessThanOrEqual(table.parentElement!.getBoundingClientRect().right + 0.5);
      await expect(getComputedStyle(cell, '::before').content).toMatch(/SPH|CYL|AXIS|ADD/);
    }
    await expect(table.parentElement!.scrollWidth).toBeLessThanOrEqual(table.parentElement!.clientWidth);
  },
});
