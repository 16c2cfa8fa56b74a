import preview from '../../../.storybook/preview';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SearchPage } from './search-page';
import { slow } from '../shared/story-fixtures';

/** Search page `/search.html?query=…` (spec §2) with the category page's filters, sort and pages. */
const meta = preview.meta({
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
});

export const Results = meta.story({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Results for “round”' }, slow)).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('6 frames'), slow);
    await expect(await canvas.findByRole('combobox', { name: 'Sort by' }, slow)).toHaveValue('relevance_DESC');
    // a search also filters by category
    await expect(await within(await canvas.findByRole('complementary', { name: 'Filters' })).findByRole('button', { name: 'Category' }, slow)).toBeVisible();
  },
});

export const ResultsOnPhone = meta.story({
  ...Results.input,
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('status')).toHaveTextContent('6 frames'), slow);
  },
});

export const SortedByPrice = meta.story({
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
});

export const NoResults = meta.story({
  parameters: { shop: { route: '/search.html?query=zzqqxx' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Nothing matches “zzqqxx”. Check the spelling or try fewer words.', {}, slow)).toBeVisible();
  },
});

/** The backend's suggestions when nothing matches. */
export const DidYouMean = meta.story({
  parameters: { shop: { route: '/search.html?query=aurorra' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Aurora Cat-Eye' }, slow)).toHaveAttribute('href', '/search.html?query=Aurora+Cat-Eye');
  },
});

export const WithoutQuery = meta.story({
  parameters: { shop: { route: '/search.html' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expect(await canvas.findByRole('searchbox', { name: 'Search frames' })).toBeVisible();
  },
});

export const InFrench = meta.story({
  parameters: { shop: { route: '/search.html?query=round', storeCode: 'fr', locale: 'fr-FR' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Résultats pour « round »' }, slow)).toBeVisible();
  },
});
