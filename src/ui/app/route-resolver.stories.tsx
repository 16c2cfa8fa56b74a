import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { RouteResolver } from './route-resolver';
import { RoutedPage } from './routed-page';

const slow = { timeout: 20_000 };

/** spec §2 Fallback: URLs outside the route table, resolved by the backend's `route` query. */
const meta = {
  title: 'App/Route fallback',
  component: RouteResolver,
  render: () => (
    <main style={{ padding: '1rem' }}>
      <Routes>
        <Route path="*" element={<RouteResolver />} />
      </Routes>
    </main>
  ),
} satisfies Meta<typeof RouteResolver>;
export default meta;
type Story = StoryObj<typeof meta>;

const heading = (canvasElement: HTMLElement, name: string | RegExp) => within(canvasElement).findByRole('heading', { level: 1, name }, slow);

export const Category: Story = {
  parameters: { shop: { route: '/eyeglasses/women.html' } },
  play: async ({ canvasElement }) => {
    await expect(await heading(canvasElement, 'Women')).toBeVisible();
  },
};

export const Product: Story = {
  parameters: { shop: { route: '/aurora-cat-eye.html' } },
  play: async ({ canvasElement }) => {
    await expect(await heading(canvasElement, 'Aurora Cat-Eye')).toBeVisible();
  },
};

export const CmsPage: Story = {
  parameters: { shop: { route: '/shipping-returns' } },
  play: async ({ canvasElement }) => {
    await expect(await heading(canvasElement, 'Shipping and returns')).toBeVisible();
  },
};

/** spec §2: redirect_code 301 → the relative_url's page. */
export const PermanentRedirect: Story = {
  parameters: { shop: { route: '/glasses.html' } },
  play: async ({ canvasElement }) => {
    await expect(await heading(canvasElement, 'Eyeglasses')).toBeVisible();
  },
};

/** spec §2: a redirect to another host is never followed automatically. */
export const MovedToAnotherSite: Story = {
  parameters: { shop: { route: '/lens-guide' } },
  play: async ({ canvasElement }) => {
    await expect(await heading(canvasElement, 'This page has moved')).toBeVisible();
    await expect(within(canvasElement).getByRole('link', { name: /lunette-eyewear\.example/ })).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

/** spec §8 "Page not found". */
export const NotFound: Story = {
  parameters: { shop: { route: '/no-such-page.html' } },
  play: async ({ canvasElement }) => {
    await expect(await heading(canvasElement, "Looks like the page you were hoping to find doesn't exist. Sorry about that.")).toBeVisible();
  },
};

export const NotFoundInFrench: Story = {
  parameters: { shop: { route: '/no-such-page.html', storeCode: 'fr', locale: 'fr-FR' } },
  play: async ({ canvasElement }) => {
    await expect(await heading(canvasElement, 'La page que vous espériez trouver n’existe pas. Désolés.')).toBeVisible();
  },
};

/** spec §2: the category shimmer while the route loads. */
export const Loading: Story = {
  render: () => <RoutedPage resolution={{ kind: 'loading' }} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading the products…');
    await expect(canvasElement.querySelectorAll('[data-gallery-placeholder]')).toHaveLength(6);
  },
};

export const LoadingOnPhone: Story = { ...Loading, globals: { viewport: { value: 'phone' } } };

/** spec §8 "Generic" when the route query fails. */
export const Failed: Story = {
  render: () => <RoutedPage resolution={{ kind: 'error' }} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Something went wrong. Sorry about that.');
  },
};
