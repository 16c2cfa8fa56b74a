// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ShopActors } from '../app/shop-actors';
import { mountInspector } from './mount-inspector';

const lampMachine = createMachine({
  id: 'lamp',
  initial: 'off',
  context: { switchedOn: 0 },
  states: { off: { on: { 'lamp.switch': 'on' } }, on: { on: { 'lamp.switch': 'off' } } },
});
const clockMachine = createMachine({ id: 'clock', initial: 'ticking', states: { ticking: {} } });

let close: (() => void) | null = null;
beforeAll(() => {
  // The panel renders in its own React root: updates are awaited with act(), as React expects in tests.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => close?.());
  close = null;
});

function mount(actors: Parameters<typeof mountInspector>[0]): () => void {
  let closePanel: () => void = () => {};
  act(() => {
    closePanel = mountInspector(actors);
  });
  return closePanel;
}

describe('mountInspector (the app opt-in ?inspect)', () => {
  it('opens a panel over the page listing the root actors, showing the chosen one live', async () => {
    const lamp = createActor(lampMachine).start();
    const clock = createActor(clockMachine).start();
    close = mount({ lamp, clock });

    const panel = await screen.findByRole('region', { name: 'Machine inspector' });
    const actorSelect = within(panel).getByRole('combobox', { name: 'Actor' });
    expect(
      within(actorSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['lamp', 'clock']);
    expect(within(panel).getByRole('status', { name: 'Current state' }).textContent).toBe('off');

    fireEvent.click(within(panel).getByRole('button', { name: 'lamp.switch' }));
    expect((await within(panel).findByRole('status', { name: 'Current state' })).textContent).toBe('on');
    const eventLog = within(panel).getByRole('list', { name: 'Received events, newest first' });
    expect(within(eventLog).getByText('lamp.switch')).toBeTruthy();
    // Each entry names its event type for tools that read the log (the end-to-end tests).
    expect(
      within(eventLog)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-event-type')),
    ).toEqual(['lamp.switch']);

    // Events sent from elsewhere (the shop's views) are recorded too.
    act(() => lamp.send({ type: 'lamp.switch' }));
    expect((await within(panel).findAllByText('lamp.switch')).length).toBeGreaterThanOrEqual(2);

    fireEvent.change(actorSelect, { target: { value: 'clock' } });
    expect(await within(panel).findByRole('region', { name: 'clock inspector' })).toBeTruthy();
  });

  it('closes with its button, leaving nothing on the page', async () => {
    const lamp = createActor(lampMachine).start();
    mount({ lamp });
    fireEvent.click(await screen.findByRole('button', { name: 'Close the inspector' }));
    expect(document.querySelector('[data-machine-inspector-host]')).toBeNull();
  });

  it("takes the composition root's running ShopActors as they are", () => {
    // Type-level: an interface without an index signature is accepted (checked by the typecheck).
    const open: (actors: Omit<ShopActors, 'loadCheckout' | 'loadPages' | 'storedImages'>) => () => void = mountInspector;
    expect(open).toBe(mountInspector);
  });

  it('refuses to open with no actor to inspect', () => {
    expect(() => mountInspector({})).toThrow('mountInspector needs at least one actor to inspect');
  });
});
