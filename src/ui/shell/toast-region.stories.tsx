import preview from '../../../.storybook/preview';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ToastAddEvent } from '../../machines/toast/toast.machine';
import { ShellLayout } from './shell-layout';

/**
 * The toast region in the app shell, in the toast machine's state (`active`) with the toasts a
 * shopper meets (spec §3 "Toast", §4 "Other", §5). Timers never fire in a story: a toast stays.
 */
const meta = preview.meta({
  title: 'App/Toasts',
  component: ShellLayout,
});

const AT = Date.UTC(2026, 10, 25, 14, 5);
const add = (toast: ToastAddEvent['toast'], timestamp = AT): ToastAddEvent => ({ type: 'toast.add', toast, timestamp });

const saved = add({ type: 'success', message: 'Saved to your wishlist.', messageId: 'wishlist.toast.saved', dismissable: true });
const mergeFailed = add({ type: 'error', message: 'Your previous cart could not be added to this one.', dismissable: true, timeout: false }, AT + 1000);

/** Spec §3: no toast yet, the (empty) region waits in the page so a toast arriving is announced. */
export const Empty = meta.story({
  parameters: { shop: { machines: { toast: {} } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Notifications (F8)' });
    await expect(region.querySelector('[aria-live="assertive"]')).toBeEmptyDOMElement();
    await expect(region.querySelector('[aria-live="polite"]')).toBeEmptyDOMElement();
  },
});

/** Spec §3: each type with its words; the error is an alert, the others are said politely. */
export const EachType = meta.story({
  parameters: {
    shop: {
      machines: {
        toast: {
          events: [
            saved,
            add({ type: 'info', message: 'Prices are shown in euros.' }, AT + 1),
            add({ type: 'warning', message: 'Only 1 left in stock.', timeout: 8000 }, AT + 2),
            mergeFailed,
          ],
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Notifications (F8)' });
    const alert = region.querySelector('[aria-live="assertive"]') as HTMLElement;
    await waitFor(() => expect(alert).toHaveTextContent('Error: Your previous cart could not be added to this one.'));
    const polite = canvasElement.querySelector('[aria-live="polite"]') as HTMLElement;
    await expect(polite).toHaveTextContent('Done: Saved to your wishlist.');
    await expect(polite).toHaveTextContent('Information: Prices are shown in euros.');
    await expect(polite).toHaveTextContent('Warning: Only 1 left in stock.');
    // Only the dismissable ones have a close button, named and described by the toast's words.
    const closers = await canvas.findAllByRole('button', { name: 'Dismiss notification' });
    await expect(closers).toHaveLength(2);
    await expect(closers[0]).toHaveAccessibleDescription(/Your previous cart could not be added/);
  },
});

export const EachTypePhone = meta.story({
  ...EachType.input,
  globals: { viewport: { value: 'phone' } },
});

/** Spec §4 Other: the same toast again is marked, not stacked. */
export const Duplicate = meta.story({
  parameters: { shop: { machines: { toast: { events: [saved, add(saved.toast, AT + 4000)] } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Notifications (F8)' });
    await waitFor(() => expect(within(region).getAllByText(/Saved to your wishlist/)).toHaveLength(1));
    await expect(await within(region).findByText('again')).toBeVisible();
  },
});

/** Spec §4 Other: the close button removes the toast. */
export const Dismissed = meta.story({
  parameters: { shop: { machines: { toast: { events: [saved] } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(canvas.queryByText('Saved to your wishlist.')).not.toBeInTheDocument());
  },
});

/** F8 reaches the newest toast; Enter closes it and focus goes back where it was; Escape closes too. */
export const Keyboard = meta.story({
  parameters: { shop: { machines: { toast: { events: [saved, mergeFailed] } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const home = await canvas.findByRole('link', { name: 'Lunette, home' });
    home.focus();
    await userEvent.keyboard('{F8}');
    const closers = await canvas.findAllByRole('button', { name: 'Dismiss notification' });
    await expect(closers[closers.length - 1]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByText('Saved to your wishlist.')).not.toBeInTheDocument());
    // Focus moves to the other toast, not to the page's top.
    const left = await canvas.findByRole('button', { name: 'Dismiss notification' });
    await expect(left).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByText(/Your previous cart could not be added/)).not.toBeInTheDocument());
    await expect(home).toHaveFocus();
  },
});

/** A toast with a message id is said in the shopper's language. */
export const InFrench = meta.story({
  parameters: {
    shop: {
      storeCode: 'fr',
      locale: 'fr-FR',
      machines: { storeView: { value: 'ready', context: { storeCode: 'fr', locale: 'fr-FR' } }, toast: { events: [saved] } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The French catalogue loads first.
    const region = await canvas.findByRole('region', { name: 'Notifications (F8)' }, { timeout: 10_000 });
    await waitFor(() => expect(region).toHaveTextContent('C’est fait : Enregistré dans vos favoris.'));
    await expect(await canvas.findByRole('button', { name: 'Fermer la notification' })).toBeVisible();
  },
});

/** WCAG 2.2.1: the pointer on a toast pauses it (the machine stops its timer). */
export const PausedUnderPointer = meta.story({
  parameters: { shop: { machines: { toast: { events: [saved] } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toast = (await canvas.findByText('Saved to your wishlist.')).closest('[data-toast-type]') as HTMLElement;
    await expect(toast).not.toHaveAttribute('data-paused');
    await userEvent.hover(toast);
    await waitFor(() => expect(toast).toHaveAttribute('data-paused', 'true'));
    await userEvent.unhover(toast);
    await waitFor(() => expect(toast).not.toHaveAttribute('data-paused'));
  },
});
