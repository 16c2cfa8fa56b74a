import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { InspectedMachine } from '../inspected-system';
import { expectLogged, expectStatechartIn, sendByHand } from './inspector-story-steps';

/** The catalog machine (category tree, current page, previous page total) in the inspector. */
const meta = {
  title: 'Machines/catalog',
  render: () => <InspectedMachine name="catalog" />,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  parameters: { shop: { machines: { catalog: {} } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'catalog', 'ready');
    await sendByHand(canvas, 'catalog.currentPage.set', { page: 3 });
    await expectLogged(canvas, 'catalog.currentPage.set');
    await expect(canvas.getByLabelText('Context as JSON')).toHaveTextContent('"currentPage": 3');
  },
};
