import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import type { AccountAlertsActor } from '../../machines/account/account-alerts.machine';
import { useInspectedSystem } from '../inspector';
import type { AccountAlert } from './account.operations';
import { AccountAlertsList } from './account-alerts';

/**
 * The stock and price alerts of `/communications` (spec §2 "communication preferences") in each
 * state of the `accountAlerts` machine, rendered by their real view with two alerts of the account.
 */
const meta = preview.meta({
  title: 'Account/Alerts',
});

const frame = { uid: 'MTAwMQ==', name: 'Aurora Cat-Eye', url_key: 'aurora-cat-eye', url_suffix: '.html' } as const;
const ALERTS: AccountAlert[] = [
  {
    id: 12,
    type: 'PRICE',
    created_at: '2026-11-30T10:00:00.000Z',
    product_sku: 'LN1001',
    product: { uid: 'MTAwMQ==', name: 'Aurora Cat-Eye' },
    frame,
  },
  {
    id: 13,
    type: 'STOCK',
    created_at: '2026-12-01T09:30:00.000Z',
    product_sku: 'LN1001-BLK-M',
    product: { uid: 'MTAwMg==', name: 'Aurora Cat-Eye Black M' },
    frame,
  },
];

const Alerts = ({ alerts = ALERTS }: { alerts?: AccountAlert[] }) => (
  <AccountAlertsList actor={useInspectedSystem().actors.accountAlerts as AccountAlertsActor} alerts={alerts} loading={false} />
);
const alertsIn = (value: unknown, context: Record<string, unknown> = {}) => ({
  shop: { route: '/communications', machines: { accountAlerts: { value, context } } },
});

export const Browsing = meta.story({
  render: () => <Alerts />,
  parameters: alertsIn('browsing'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Aurora Cat-Eye' })).toHaveAttribute('href', '/aurora-cat-eye.html');
    await expect(canvas.getByText(/Price drop alert/)).toBeVisible();
    await expect(canvas.getByText(/Back in stock alert/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remove Aurora Cat-Eye' })).toBeEnabled();
  },
});

export const NoAlerts = meta.story({
  render: () => <Alerts alerts={[]} />,
  parameters: alertsIn('browsing'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('You have no stock or price alerts.')).toBeVisible();
  },
});

/** The price alert is being removed: no button sends another removal meanwhile. */
export const Removing = meta.story({
  render: () => <Alerts />,
  parameters: alertsIn('removing', { removingId: 12 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Remove Aurora Cat-Eye' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Remove Aurora Cat-Eye Black M' })).toBeDisabled();
  },
});

export const RemoveRefused = meta.story({
  render: () => <Alerts />,
  parameters: alertsIn('browsing', { error: 'The unsubscribe link is invalid or the alert no longer exists.' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('The unsubscribe link is invalid or the alert no longer exists.');
  },
});
