import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { ContactUsPage } from './contact-us-page';
import { SavedPaymentsPage } from './saved-payments-page';
import { SocialAccountsPage } from './social-accounts-page';
import { WishlistPage } from './wishlist-page';

/** Account pages that do not read the customer's data, and the wishlist in the wishlist machine's states. */
const meta = preview.meta({
  title: 'Account/Pages',
  component: SavedPaymentsPage,
});

export const SavedPayments = meta.story({
  parameters: { shop: { route: '/saved-payments' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Lunette does not store cards or wallets/)).toBeVisible();
  },
});

export const SocialAccounts = meta.story({
  render: () => <SocialAccountsPage />,
  parameters: { shop: { route: '/social-accounts' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/no sign-in with social accounts/)).toBeVisible();
  },
});

export const ContactUs = meta.story({
  render: () => <ContactUsPage />,
  parameters: { shop: { route: '/contact-us' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Your message')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Send' })).toBeEnabled();
  },
});

export const ContactUsOnPhone = meta.story({ ...ContactUs.input, globals: { viewport: { value: 'phone' } } });

const juno = {
  id: '1',
  product: {
    uid: 'NQ==',
    name: 'Juno Aviator',
    sku: 'LN1005',
    url_key: 'juno-aviator',
    small_image: { url: '/media/catalog/product/j/u/juno-aviator-gold-front.png' },
  },
};
const wishlist = (list: string, context: Record<string, unknown>) => ({ shop: { route: '/wishlist', machines: { wishlist: { value: { list }, context } } } });

export const WishlistLoaded = meta.story({
  render: () => <WishlistPage />,
  parameters: wishlist('loaded', { items: [juno], currentPage: 1, totalPages: 2, wishlistId: '1' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Juno Aviator' })).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Show more' })).toBeEnabled();
  },
});

export const WishlistLoadingFirstPage = meta.story({
  render: () => <WishlistPage />,
  parameters: { ...wishlist('loading', { requestedPage: 1 }), machineStates: ['wishlist.list.idle'] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading your wishlist…')).toBeInTheDocument();
  },
});

export const WishlistFailed = meta.story({
  render: () => <WishlistPage />,
  parameters: wishlist('failed', { errors: { loadPage: new Error('Failed to fetch') } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('The shop could not be reached. Check your connection and try again.');
  },
});
