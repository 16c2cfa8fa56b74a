import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { Stepper } from './stepper';

const STEPS = [
  { key: 'frame', label: 'Frame' },
  { key: 'usage', label: 'Lens type' },
  { key: 'prescription', label: 'Prescription' },
  { key: 'lenses', label: 'Lens thickness' },
  { key: 'coatings', label: 'Coatings and tint' },
  { key: 'review', label: 'Review' },
];

/** A journey's progress, as the lens wizard shows it: done steps ticked in the brand's tint, the current one filled; on a phone one row, only the current step named. */
const meta = preview.meta({
  title: 'Shared/Stepper',
  component: Stepper,
  tags: ['autodocs'],
  args: { label: 'Steps', steps: STEPS, current: 'lenses' },
  argTypes: {
    label: { control: 'text', description: 'The navigation landmark’s name' },
    steps: { control: 'object', description: 'The steps in order: a key and a label each' },
    current: { control: 'select', options: STEPS.map((s) => s.key), description: 'The current step’s key' },
  },
});

export const LensWizard = meta.story({
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Steps' });
    const items = within(nav).getAllByRole('listitem');
    await expect(items).toHaveLength(6);
    await expect(items[3]).toHaveAttribute('aria-current', 'step');
    await expect(items[3]).toHaveTextContent('Lens thickness');
    await expect(items.filter((i) => i.hasAttribute('aria-current'))).toHaveLength(1);
  },
});

export const FirstStep = meta.story({ args: { current: 'frame' } });
