import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ShellLayout } from './shell-layout';

/**
 * The app shell in each state of the storeView machine (spec §2 store-view prefix, §3 store view).
 */
const meta = {
  title: 'App/Shell',
  component: ShellLayout,
} satisfies Meta<typeof ShellLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  parameters: { shop: { machines: { storeView: { value: 'ready', context: { storeCode: 'ca', locale: 'en-CA' } } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Lunette, home' })).toBeVisible();
    await expect(await canvas.findByRole('option', { name: 'FR - France (EUR)' })).toBeInTheDocument();
  },
};

export const ReadyInFrench: Story = {
  parameters: { shop: { storeCode: 'fr', locale: 'fr-FR', machines: { storeView: { value: 'ready', context: { storeCode: 'fr', locale: 'fr-FR' } } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Boutique')).toBeVisible();
  },
};

export const CheckingPrefix: Story = {
  parameters: { shop: { machines: { storeView: { value: 'checkingPrefix' } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the shop…');
  },
};

export const LoadingConfig: Story = {
  parameters: { shop: { machines: { storeView: { value: 'loadingConfig' } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the shop…');
  },
};

export const Switching: Story = {
  parameters: { shop: { machines: { storeView: { value: 'switching', context: { storeCode: 'fr' } } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('combobox', { name: 'Store' })).toBeDisabled();
  },
};

export const Reloading: Story = {
  parameters: { shop: { machines: { storeView: { value: 'reloading', context: { storeCode: 'fr' } } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('combobox', { name: 'Store' })).toBeDisabled();
  },
};

export const Failed: Story = {
  parameters: { shop: { machines: { storeView: { value: 'failed', context: { error: 'Failed to fetch' } } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The shop could not be loaded: Failed to fetch');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

export const Phone: Story = {
  ...Ready,
  globals: { viewport: { value: 'phone' } },
};
