import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AddToWishlistButton } from './add-to-wishlist-button';

/** "Add to wishlist": the button sends `wishlist.item.add`; the wishlist machine saves and raises the toast (App/Toasts). */
const meta = {
  title: 'Cart/Add to wishlist',
  render: () => <AddToWishlistButton sku="LN1001-BLK-M" parentSku="LN1001" />,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const signedIn = {
  value: { auth: { signedIn: { details: 'received', expiry: 'unlimited' } }, passwordReset: 'idle' },
  context: { tokenRecord: { value: 'story-token', timeStored: 0 }, currentUser: { email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace' } },
};

/** The save is under way (it never answers in a story): the button says so and takes no second press. */
export const Saving: Story = {
  parameters: { shop: { machines: { session: signedIn, wishlist: { events: [{ type: 'wishlist.item.add', sku: 'LN1001-BLK-M', parentSku: 'LN1001' }] } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Saving…' })).toBeDisabled();
  },
};
