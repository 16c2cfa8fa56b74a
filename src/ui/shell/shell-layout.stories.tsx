import preview from '../../../.storybook/preview';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createLogBuffer } from '../../services/app/log-buffer';
import { NAVIGATION_DRAWER } from './app-shell';
import { LogBufferProvider } from './log-lines';
import { ShellLayout } from './shell-layout';

/**
 * The app shell in each state of the storeView machine (spec §2 store-view prefix, §3 store view)
 * and of the app machine's visible pieces (spec §2 "Other visible pieces", §4 App, §8).
 */
const meta = preview.meta({
  title: 'App/Shell',
  component: ShellLayout,
});

export const Ready = meta.story({
  parameters: { shop: { machines: { storeView: { value: 'ready', context: { storeCode: 'ca', locale: 'en-CA' } } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Lunette, home' })).toBeVisible();
    await expect(await canvas.findByRole('option', { name: 'FR - France (EUR)' })).toBeInTheDocument();
  },
});

export const ReadyInFrench = meta.story({
  parameters: { shop: { storeCode: 'fr', locale: 'fr-FR', machines: { storeView: { value: 'ready', context: { storeCode: 'fr', locale: 'fr-FR' } } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Boutique')).toBeVisible();
  },
});

export const CheckingPrefix = meta.story({
  parameters: { shop: { machines: { storeView: { value: 'checkingPrefix' } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the shop…');
  },
});

export const LoadingConfig = meta.story({
  parameters: { shop: { machines: { storeView: { value: 'loadingConfig' } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the shop…');
  },
});

export const Switching = meta.story({
  parameters: { shop: { machines: { storeView: { value: 'switching', context: { storeCode: 'fr' } } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('combobox', { name: 'Store' })).toBeDisabled();
  },
});

export const Reloading = meta.story({
  parameters: { shop: { machines: { storeView: { value: 'reloading', context: { storeCode: 'fr' } } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('combobox', { name: 'Store' })).toBeDisabled();
  },
});

export const Failed = meta.story({
  parameters: { shop: { machines: { storeView: { value: 'failed', context: { error: 'Failed to fetch' } } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The shop could not be loaded. The shop could not be reached. Check your connection and try again.',
    );
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeEnabled();
  },
});

export const Phone = meta.story({
  ...Ready.input,
  globals: { viewport: { value: 'phone' } },
});

const OFFLINE_NOTICE = 'You are offline. Pages you have already visited can still be shown, but changes such as adding to your cart need a connection.';
const GENERIC_ERROR = 'Something went wrong. Sorry about that.';

/** Spec §2: offline, the header shows the cloud-off indicator and the offline notice appears. */
export const Offline = meta.story({
  parameters: { shop: { machines: { app: { events: [{ type: 'app.offline' }] } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('img', { name: 'You are offline' })).toBeVisible();
    const notice = await canvas.findByText(OFFLINE_NOTICE);
    await expect(notice).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Hide this message' }));
    await waitFor(() => expect(canvas.queryByText(OFFLINE_NOTICE)).not.toBeInTheDocument());
    // Hiding the notice leaves the indicator: the shopper is still offline.
    await expect(await canvas.findByRole('img', { name: 'You are offline' })).toBeVisible();
  },
});

export const OfflinePhone = meta.story({
  ...Offline.input,
  globals: { viewport: { value: 'phone' } },
});

/** The shopper hid the offline notice: only the header indicator says they are offline. */
export const OfflineNoticeHidden = meta.story({
  parameters: { shop: { machines: { app: { events: [{ type: 'app.offline' }, { type: 'app.connectionNotice.dismiss' }] } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('img', { name: 'You are offline' })).toBeVisible();
    await expect(canvas.queryByText(OFFLINE_NOTICE)).not.toBeInTheDocument();
  },
});

/** Spec §4: back online after having been offline, "You are back online." (the machine's timer takes it away). */
export const BackOnline = meta.story({
  parameters: { shop: { machines: { app: { events: [{ type: 'app.offline' }, { type: 'app.online' }] } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You are back online.')).toBeVisible();
    await expect(canvas.queryByRole('img', { name: 'You are offline' })).not.toBeInTheDocument();
  },
});

/** The connectivity region before it knows where it starts: nothing shows. */
export const ConnectionNoticeStarting = meta.story({
  parameters: { shop: { machines: { app: { value: { connectionNotice: 'starting' } } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Lunette, home' })).toBeVisible();
    await expect(canvas.queryByText('You are back online.')).not.toBeInTheDocument();
    await expect(canvas.queryByText(OFFLINE_NOTICE)).not.toBeInTheDocument();
  },
});

/** A log of its own, so the story shows the same lines on every run (spec §9 "Log buffer 30 lines"). */
const storyLog = createLogBuffer({ echo: null, now: () => Date.UTC(2026, 0, 15, 9, 30, 12) });
storyLog.write('Error persisting cache', new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
storyLog.write('Unhandled error TypeError1768469412q:', new TypeError("Cannot read properties of undefined (reading 'sku')"));

/** Spec §2 unhandled-error overlay, §8: the generic wording, the error id, a reload, the log under "Details". */
export const UnhandledError = meta.story({
  tags: ['shows-error'],
  decorators: [
    (Story) => (
      <LogBufferProvider log={storyLog}>
        <Story />
      </LogBufferProvider>
    ),
  ],
  parameters: {
    shop: {
      machines: {
        app: {
          events: [
            {
              type: 'app.error.unhandled',
              error: new TypeError("Cannot read properties of undefined (reading 'sku')"),
              occurredAt: 1_768_469_412_000,
              randomLetter: 'q',
            },
          ],
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    // The dialog is modal: it sits in the top layer, still inside the story's canvas.
    const canvas = within(canvasElement);
    const dialog = await canvas.findByRole('alertdialog', { name: GENERIC_ERROR });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription('Error id: TypeError1768469412q');
    await expect(await within(dialog).findByRole('button', { name: 'Reload page' })).toHaveFocus();
    await userEvent.click(await within(dialog).findByText('Details'));
    await expect(await within(dialog).findByRole('list', { name: 'Last log lines, oldest first' })).toHaveTextContent(
      'Error persisting cache QuotaExceededError: The quota has been exceeded.',
    );
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(canvas.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
});

export const UnhandledErrorPhone = meta.story({
  ...UnhandledError.input,
  // Read by Storybook's indexer from this object itself, not from the spread.
  tags: ['shows-error'],
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alertdialog', { name: GENERIC_ERROR })).toBeVisible();
  },
});

/** Spec §4: the navigation drawer open (the overlay on) through the app machine. */
export const NavigationDrawerOpen = meta.story({
  parameters: { shop: { machines: { app: { value: { drawer: 'open' }, context: { drawer: NAVIGATION_DRAWER } } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('dialog', { name: 'Shop by category' }, { timeout: 10_000 })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog', { name: 'Shop by category' })).not.toBeInTheDocument());
    const menu = await canvas.findByRole('button', { name: 'Shop by category' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    await expect(await canvas.findByRole('dialog', { name: 'Shop by category' })).toBeVisible();
  },
});

/** The search panel open through the app machine; Escape closes it and focus returns to its button. */
export const SearchOpen = meta.story({
  parameters: { shop: { machines: { app: { events: [{ type: 'app.search.toggle' }] } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByRole('combobox', { name: 'Search frames' }, { timeout: 10_000 });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    const trigger = await canvas.findByRole('button', { name: 'Search' });
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'));
    await expect(trigger).toHaveFocus();
  },
});

/** Spec §2: while a route resolves the app machine's loading flag shows the page-loading indicator. */
export const PageLoading = meta.story({
  parameters: { shop: { machines: { app: { events: [{ type: 'app.pageLoading.set', isLoading: true }] } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading…')).toBeInTheDocument();
  },
});
