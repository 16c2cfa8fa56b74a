import preview from '../../../.storybook/preview';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { CategoryPage } from './category-page';
import { CategoryShimmer } from './category-shimmer';
import { slow } from '../shared/story-fixtures';

const EYEGLASSES = 'Mw==';

/** Category page (spec §2 "Other visible pieces") on the backend's Eyeglasses category. */
const meta = preview.meta({
  title: 'Catalog/Category page',
  component: CategoryPage,
  args: { uid: EYEGLASSES },
  parameters: { shop: { route: '/eyeglasses.html' } },
  decorators: [
    (Story) => (
      <main style={{ padding: '1rem' }}>
        <Story />
      </main>
    ),
  ],
});

/** The result count, announced in the listing's status line. */
const count = (canvasElement: HTMLElement, text: string) => waitFor(() => expect(within(canvasElement).getByRole('status')).toHaveTextContent(text), slow);

const galleryNames = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll('article a')].map((a) => a.textContent);

export const Filled = meta.story({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Eyeglasses' }, slow)).toBeVisible();
    const crumbs = within(await canvas.findByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    await expect(crumbs.map((c) => c.textContent)).toEqual(['Home', 'Eyeglasses']);
    await count(canvasElement, '36 frames');
    await waitFor(() => expect(canvasElement.querySelectorAll('article')).toHaveLength(6), slow);
    // spec §2: the sidebar (large screens) has header, title, action and blocks; the filter-open button is hidden
    const sidebar = await canvas.findByRole('complementary', { name: 'Filters' });
    await expect(await within(sidebar).findByRole('checkbox', { name: 'Round' }, slow)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Filters/ })).toBeNull();
    // spec §9: grid rows 1fr and 7rem
    await expect(getComputedStyle(sidebar.querySelector('section')!).gridTemplateRows).toMatch(/px 112px$/);
    await expect(await canvas.findByRole('navigation', { name: 'Pages' })).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  },
});

export const Phone = meta.story({
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: /^Filters/ }, slow)).toBeVisible();
    await expect(canvas.queryByRole('complementary', { name: 'Filters' })).toBeNull();
    await waitFor(() => expect(canvasElement.querySelectorAll('article')).toHaveLength(6), slow);
    // spec §2: 2 columns under 640 px
    await expect(getComputedStyle(canvasElement.querySelector('ul:has(> li > article)')!).gridTemplateColumns.split(' ')).toHaveLength(2);
  },
});

/** Filters and sort come from the URL: ?frame_shape=301,302&sort=price_DESC. */
export const FilteredAndSorted = meta.story({
  parameters: { shop: { route: '/eyeglasses.html?frame_shape=301,302&sort=price_DESC' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await count(canvasElement, '10 frames');
    await expect(await canvas.findByRole('button', { name: 'Remove filter Shape: Round' }, slow)).toBeVisible();
    await expect(await canvas.findByRole('checkbox', { name: 'Square' })).toBeChecked();
    // price high to low: each item's first amount is the price paid
    await waitFor(() => expect(canvasElement.querySelectorAll('article')).toHaveLength(6), slow);
    const prices = [...canvasElement.querySelectorAll('article')].map((a) => Number(/[\d,]+\.\d\d/.exec(a.textContent ?? '')?.[0].replace(',', '')));
    await expect(prices).toEqual([...prices].sort((a, b) => b - a));
  },
});

/** Ticking a filter narrows the gallery and goes back to page 1. */
export const ChoosingAFilter = meta.story({
  parameters: { shop: { route: '/eyeglasses.html?page=2' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sidebar = within(await canvas.findByRole('complementary', { name: 'Filters' }, slow));
    // the first blocks are open; the others open on demand
    const rim = await sidebar.findByRole('button', { name: 'Rim' }, slow);
    await expect(rim).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(rim);
    await userEvent.click(await sidebar.findByRole('checkbox', { name: 'Rimless' }));
    await count(canvasElement, '4 frames');
    await expect(await sidebar.findByRole('checkbox', { name: 'Rimless' })).toBeChecked();
    // the counts are before the shopper's filters: with a rim chosen, the shapes' counts no longer hold and go
    await expect(sidebar.getByRole('checkbox', { name: 'Round' })).not.toHaveAttribute('aria-describedby');
    await expect(canvas.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    await userEvent.click(await sidebar.findByRole('button', { name: 'Clear all' }));
    await count(canvasElement, '36 frames');
  },
});

export const SecondPage = meta.story({
  parameters: { shop: { route: '/eyeglasses.html?page=2&sort=name_ASC' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Page 2' }, slow)).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(galleryNames(canvasElement)).toHaveLength(6), slow);
    const names = galleryNames(canvasElement);
    await expect([...names].sort()).toEqual(names);
    await expect(await canvas.findByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/eyeglasses.html?sort=name_ASC');
  },
});

/** spec §2: the filter-open button (small screens) opens the filters in a modal drawer. */
export const PhoneFilterDrawer = meta.story({
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const open = await canvas.findByRole('button', { name: /^Filters/ }, slow);
    await waitFor(() => expect(open).toBeEnabled(), slow);
    await userEvent.click(open);
    const dialogElement = await within(document.body).findByRole('dialog', { name: 'Filters' });
    const dialog = within(dialogElement);
    // each option says how many frames have it (Magento's aggregation count), heard as its description
    await expect(await dialog.findByRole('checkbox', { name: 'Round' })).toHaveAccessibleDescription('5 frames');
    // no empty band above the blocks (the drawer has its own title; nothing to clear yet)
    await expect(dialogElement.querySelector('section > div')?.firstElementChild?.tagName).toBe('UL');
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Round' }));
    await expect(await dialog.findByRole('button', { name: 'Show 5 frames' }, slow)).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(open).toHaveFocus());
    await expect(await canvas.findByRole('button', { name: 'Remove filter Shape: Round' })).toBeVisible();
  },
});

export const EmptyAfterFilters = meta.story({
  parameters: { shop: { route: '/eyeglasses.html?frame_shape=300&rim_type=322' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No frames match these filters.', {}, slow)).toBeVisible();
    await count(canvasElement, 'No frames');
  },
});

/** A page past the last one: the backend refuses it, the shopper gets the generic words and a way back. */
export const PageOutOfRange = meta.story({
  tags: ['shows-error'],
  parameters: { shop: { route: '/eyeglasses.html?page=99' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, slow);
    await expect(alert).toHaveTextContent('Something went wrong. Sorry about that.');
    await expect(await within(alert).findByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/eyeglasses.html');
  },
});

export const UnknownCategory = meta.story({
  args: { uid: 'OTk5OQ==' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: /doesn't exist/ }, slow)).toBeVisible();
  },
});

export const InFrench = meta.story({
  parameters: { shop: { route: '/eyeglasses.html', storeCode: 'fr', locale: 'fr-FR' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await count(canvasElement, '36 montures');
    await waitFor(() => expect(canvasElement.querySelector('article')).toHaveTextContent('€'), slow);
    await expect(await canvas.findByRole('complementary', { name: 'Filtres' })).toBeVisible();
  },
});

/** spec §2/§9 shimmer: gallery placeholder of 6 items, 3 columns. */
export const Loading = meta.story({
  render: () => <CategoryShimmer />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the products…');
    const items = canvasElement.querySelectorAll('[data-gallery-placeholder]');
    await expect(items).toHaveLength(6);
    await expect([...items[0]!.querySelectorAll('[data-skeleton]')].map((s) => s.getAttribute('data-skeleton'))).toEqual([
      'rectangle',
      'rectangle',
      'rectangle',
      'button',
    ]);
    await expect(getComputedStyle(items[0]!.parentElement!).gridTemplateColumns.split(' ')).toHaveLength(3);
  },
});

export const LoadingOnPhone = meta.story({
  render: () => <CategoryShimmer />,
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const items = canvasElement.querySelectorAll('[data-gallery-placeholder]');
    await expect(getComputedStyle(items[0]!.parentElement!).gridTemplateColumns.split(' ')).toHaveLength(2);
  },
});
