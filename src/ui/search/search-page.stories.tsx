import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SearchPage } from './search-page';
import { slow } from '../shared/story-fixtures';

/** Search page `/search.html?query=…` (spec §2) with the category page's filters, sort and pages. */
const meta = {
  title: 'Search/Search page',
  component: SearchPage,
  parameters: { shop: { route: '/search.html?query=round' } },
  decorators: [
    (Story) => (
      <main style={{ padding: '1rem' }}>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof SearchPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Results: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Results for “round”' }, slow)).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('6 frames'), slow);
    await expect(await canvas.findByRole('combobox', { name: 'Sort by' }, slow)).toHaveValue('relevance_DESC');
    // a search also filters by category
    await expect(await within(await canvas.findByRole('complementary', { name: 'Filters' })).findByRole('button', { name: 'Category' }, slow)).toBeVisible();
  },
};

export const ResultsOnPhone: Story = {
  ...Results,
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('status')).toHaveTextContent('6 frames'), slow);
  },
};

export const SortedByPrice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('6 frames'), slow);
    const sidebar = within(await canvas.findByRole('complementary', { name: 'Filters' }));
    await userEvent.selectOptions(await sidebar.findByRole('combobox', { name: 'Sort by' }, slow), 'price_ASC');
    await waitFor(() => {
      const prices = [...canvasElement.querySelectorAll('article')].map((a) => Number(/[\d,]+\.\d\d/.exec(a.textContent ?? '')?.[0].replace(',', '')));
      expect(prices).toHaveLength(6);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }, slow);
  },
};

export const NoResults: Story = {
  parameters: { shop: { route: '/search.html?query=zzqqxx' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Nothing matches “zzqqxx”. Check the spelling or try fewer words.', {}, slow)).toBeVisible();
  },
};

/** The backend's suggestions when nothing matches. */
export const DidYouMean: Story = {
  parameters: { shop: { route: '/search.html?query=aurorra' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Aurora Cat-Eye' }, slow)).toHaveAttribute('href', '/search.html?query=Aurora+Cat-Eye');
  },
};

export const WithoutQuery: Story = {
  parameters: { shop: { route: '/search.html' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expect(await canvas.findByRole('searchbox', { name: 'Search frames' })).toBeVisible();
  },
};

export const InFrench: Story = {
  parameters: { shop: { route: '/search.html?query=round', storeCode: 'fr', locale: 'fr-FR' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Résultats pour « round »' }, slow)).toBeVisible();
  },
};
