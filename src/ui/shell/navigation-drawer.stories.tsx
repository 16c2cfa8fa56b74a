import preview from '../../../.storybook/preview';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { NavigationDrawer } from './navigation-drawer';
import { slow } from '../shared/story-fixtures';

/** The side drawer holding the category tree (spec §2), on the backend's real tree. */
function DrawerWithOpener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the menu
      </button>
      <NavigationDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}

const meta = preview.meta({
  title: 'App/Navigation drawer',
  component: NavigationDrawer,
  args: { open: true, onClose: () => {} },
});

export const Open = meta.story({
  play: async () => {
    const dialog = await within(document.body).findByRole('dialog', { name: 'Shop by category' }, slow);
    const drawer = within(dialog);
    await expect(await drawer.findByRole('link', { name: 'Eyeglasses' }, slow)).toHaveAttribute('href', '/eyeglasses.html');
    await expect(await drawer.findByRole('link', { name: 'Sunglasses' })).toBeVisible();
    // children sorted by position; a parent's subcategories open on demand
    const expand = await drawer.findByRole('button', { name: 'Show categories in Eyeglasses' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(expand);
    await expect(await drawer.findByRole('link', { name: 'Women' })).toBeVisible();
  },
});

export const OpenInFrench = meta.story({
  parameters: { shop: { storeCode: 'fr', locale: 'fr-FR' } },
  play: async () => {
    await expect(await within(document.body).findByRole('dialog', { name: 'Acheter par catégorie' }, slow)).toBeVisible();
  },
});

export const OpenOnPhone = meta.story({
  ...Open.input,
  globals: { viewport: { value: 'phone' } },
});

/** Focus moves into the drawer, stays inside on Tab, and returns to the opener after Escape. */
export const KeyboardAndFocus = meta.story({
  render: () => <DrawerWithOpener />,
  play: async ({ canvasElement }) => {
    const opener = await within(canvasElement).findByRole('button', { name: 'Open the menu' });
    await userEvent.click(opener);
    const dialog = await within(document.body).findByRole('dialog', { name: 'Shop by category' }, slow);
    await within(dialog).findByRole('link', { name: 'Eyeglasses' }, slow);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 12; i += 1) {
      await userEvent.tab();
      await expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeVisible());
    await expect(opener).toHaveFocus();
  },
});
