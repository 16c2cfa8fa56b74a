import preview from '../../../.storybook/preview';
import { expect, userEvent, within } from 'storybook/test';
import { useInspectedSystem } from './inspected-system';
import { InspectorPanel } from './inspector-panel';

function AllMachines() {
  const { actors, log } = useInspectedSystem();
  return (
    <main>
      <h1 style={{ fontSize: '1.25rem', margin: '1rem 1rem 0' }}>Every machine of the shop</h1>
      <InspectorPanel actors={actors} log={log} />
    </main>
  );
}

/** The panel `?inspect` opens in the running app: every root actor of the shop, one at a time. */
const meta = preview.meta({
  title: 'Machines/All machines',
  render: () => <AllMachines />,
});

export const Panel = meta.story({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const actorSelect = await canvas.findByRole('combobox', { name: 'Actor' });
    await expect(await within(actorSelect).findByRole('option', { name: 'cart' })).toBeInTheDocument();
    await userEvent.selectOptions(actorSelect, 'toast');
    await expect(await canvas.findByRole('region', { name: 'toast inspector' })).toBeVisible();
    await expect(await canvas.findByRole('img', { name: 'Statechart of toast, in active' }, { timeout: 30_000 })).toBeVisible();
  },
});
