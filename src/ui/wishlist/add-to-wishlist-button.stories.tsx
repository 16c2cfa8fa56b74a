import preview from '../../../.storybook/preview';
import { expect, userEvent, within } from 'storybook/test';
import { AddToWishlistButton } from './add-to-wishlist-button';

/** "Add to wishlist": the button sends `wishlist.item.add`; the wishlist machine saves and raises the toast (App/Toasts). */
const meta = preview.meta({
  title: 'Cart/Add to wishlist',
  render: () => <AddToWishlistButton sku="LN1001-BLK-M" parentSku="LN1001" />,
});

const signedIn = {
  value: { auth: { signedIn: { details: 'received', expiry: 'unlimited' } }, passwordReset: 'idle' },
  context: { tokenRecord: { value: 'story-token', timeStored: 0 }, currentUser: { email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace' } },
};

/** The save is under way (it never answers in a story): the button says so and takes no second press. */
export const Saving = meta.story({
  parameters: { shop: { machines: { session: signedIn, wishlist: { events: [{ type: 'wishlist.item.add', sku: 'LN1001-BLK-M', parentSku: 'LN1001' }] } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Saving…' })).toBeDisabled();
  },
});

const savedAurora = {
  id: '11',
  product: { uid: 'MQ==', name: 'Aurora Cat-Eye', sku: 'LN1001' },
  configured_variant: { sku: 'LN1001-BLK-M' },
};

/** Saved: the list already shown reads page 1 again, and the button says "Saving…" until the list has the frame. */
export const SavedListReading = meta.story({
  parameters: {
    shop: {
      machines: {
        session: signedIn,
        wishlist: {
          value: { list: 'loading', saving: 'reloading' },
          context: { save: { sku: 'LN1001-BLK-M', parentSku: 'LN1001' }, wishlistId: '1', currentPage: 1, totalPages: 1 },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Saving…' })).toBeDisabled();
  },
});

/** A save whose answer was lost (ADR 011): nothing is sent again; every page is read to tell whether it was saved, the button waits. */
export const SaveBeingChecked = meta.story({
  parameters: {
    shop: {
      machines: {
        session: signedIn,
        wishlist: {
          value: { list: 'loading', saving: 'checking' },
          context: { save: { sku: 'LN1001-BLK-M', parentSku: 'LN1001' }, wantsAllPages: true, errors: { saveItem: new TypeError('Failed to fetch') } },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Saving…' })).toBeDisabled();
  },
});

/** This colour and size is on the wishlist already (after saving, or on a later visit): it says so and offers to remove it. */
export const Saved = meta.story({
  parameters: {
    machineStates: ['wishlist.items.confirming', 'wishlist.items.removing'],
    shop: {
      machines: {
        session: signedIn,
        wishlist: { value: { list: 'loaded' }, context: { wishlistId: '1', items: [savedAurora], currentPage: 1, totalPages: 1 } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Saved to your wishlist')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove from wishlist' }));
    // Destructive actions confirm.
    await userEvent.click(await canvas.findByRole('button', { name: 'Yes, remove' }));
    await expect(await canvas.findByRole('button', { name: 'Removing…' })).toBeDisabled();
  },
});

/** A failed removal from the product page: still saved, with a plain message. */
export const SavedRemoveFailed = meta.story({
  parameters: {
    shop: {
      machines: {
        session: signedIn,
        wishlist: {
          value: { list: 'loaded' },
          context: {
            wishlistId: '1',
            items: [savedAurora],
            currentPage: 1,
            totalPages: 1,
            errors: { removeItem: { '11': new Error('Failed to fetch') } },
          },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Saved to your wishlist')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('This item could not be removed: The shop could not be reached.');
  },
});

/** A guest is offered to sign in first (spec §2: the wishlist is for signed-in shoppers). */
export const Guest = meta.story({
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Sign in to save this frame to your wishlist' })).toBeVisible();
  },
});

/** ADR 029: the guest pressed "Sign in to save": the frame is held until the session says the shopper signed in. */
export const GuestSaveHeld = meta.story({
  parameters: { shop: { machines: { wishlist: { events: [{ type: 'wishlist.item.addAfterSignIn', sku: 'LN1001-BLK-M', parentSku: 'LN1001' }] } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Sign in to save this frame to your wishlist' })).toBeVisible();
  },
});
