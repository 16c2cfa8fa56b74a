import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { startInShopSystem, successToastReceived } from '../shared/shop-system.test-helpers';
import * as alerts from './account-alerts.machine';
import type { Saved } from './saved-form.machine';

function startAlerts(remove: (id: number) => Promise<Saved> = async () => ({ at: 40 })) {
  const removeAlert = vi.fn(remove);
  const machine = alerts.accountAlertsMachine.provide({
    actors: { removeAlert: fromPromise<Saved, { id: number }>(({ input }) => removeAlert(input.id)) },
  });
  return { ...startInShopSystem(machine, undefined), removeAlert };
}

describe('accountAlerts machine (spec §2 /communications: the stock and price alerts saved in the account)', () => {
  it('removes the alert asked for, then "Alert removed." is toasted', async () => {
    const { actor, removeAlert, received } = startAlerts();
    actor.send({ type: 'alert.remove', id: 12 });
    expect(alerts.selectRemovingAlertId(actor.getSnapshot())).toBe(12);
    // A second click while one is being removed is not another request.
    actor.send({ type: 'alert.remove', id: 13 });
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(removeAlert.mock.calls).toEqual([[12]]);
    expect(alerts.selectRemovingAlertId(actor.getSnapshot())).toBeNull();
    expect(received).toEqual([successToastReceived('Alert removed.', 'account.toast.alertRemoved', 40)]);
  });

  it("a refused removal (someone else's alert, or one already gone) keeps the list with the backend's message and raises no toast", async () => {
    const { actor, received } = startAlerts(() => Promise.reject(new Error('The unsubscribe link is invalid or the alert no longer exists.')));
    actor.send({ type: 'alert.remove', id: 99 });
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(alerts.selectAccountAlertsError(actor.getSnapshot())).toBe('The unsubscribe link is invalid or the alert no longer exists.');
    expect(received).toEqual([]);
    actor.send({ type: 'alert.remove', id: 12 });
    expect(alerts.selectAccountAlertsError(actor.getSnapshot())).toBeNull();
  });
});
