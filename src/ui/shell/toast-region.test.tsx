// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { ADDRESS_BOOK_TOASTS } from '../../machines/account/address-book.machine';
import { DEFAULT_TOAST_TIMEOUT_MS, toastMachine, type ClockStampEvent } from '../../machines/toast/toast.machine';
import { loadMessages, NO_MESSAGES, type Messages } from '../../services/i18n/messages';
import { ShopActorsProvider, type ShopActors } from '../app/shop-actors';
import { ToastRegion } from './toast-region';

// English is the source language: its messages are the views' defaults (services/i18n/messages.ts).
const ignoreMissingTranslations = (error: { code?: string }) => {
  if (error.code !== 'MISSING_TRANSLATION') throw error;
};

function renderRegion({ locale = 'en-CA', messages = NO_MESSAGES }: { locale?: string; messages?: Messages } = {}) {
  const clock = new SimulatedClock();
  clock.set(Date.UTC(2026, 10, 25, 14, 5));
  const stamp = fromCallback<ClockStampEvent>(({ sendBack, receive }) =>
    receive((e) => sendBack({ type: 'toast.add', toast: e.toast, timestamp: clock.now() })),
  );
  const toast = createActor(toastMachine.provide({ actors: { clock: stamp } }), { clock }).start();
  render(
    <ShopActorsProvider actors={{ toast } as unknown as ShopActors}>
      <IntlProvider locale={locale} messages={messages} onError={ignoreMissingTranslations}>
        <main id="main" tabIndex={-1} />
        <ToastRegion />
      </IntlProvider>
    </ShopActorsProvider>,
  );
  const advance = (ms: number) => act(() => clock.increment(ms));
  return { toast, advance };
}

afterEach(cleanup);

describe('toast region', () => {
  it('spec §9: a toast shows until the default 5000 ms have passed, then leaves (simulated clock)', () => {
    const { toast, advance } = renderRegion();
    act(() => toast.send({ type: 'toast.add', toast: { type: 'success', message: 'Saved to your wishlist.' } }));
    expect(screen.getByText('Saved to your wishlist.')).toBeTruthy();
    advance(DEFAULT_TOAST_TIMEOUT_MS - 1);
    expect(screen.queryByText('Saved to your wishlist.')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Saved to your wishlist.')).toBeNull();
  });

  it('spec §3: a given timeout is kept; a dismissable toast without one stays until its button is pressed', () => {
    const { toast, advance } = renderRegion();
    act(() => {
      toast.send({ type: 'toast.add', toast: { type: 'info', message: 'Short', timeout: 1000 } });
      toast.send({ type: 'toast.add', toast: { type: 'error', message: 'Sticky', dismissable: true, timeout: false } });
    });
    // Only the dismissable toast has a close button; the error is in the assertive live region.
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(1);
    expect(document.querySelector('[aria-live="assertive"]')?.textContent).toContain('Error: Sticky');
    expect(screen.queryByRole('alert')).toBeNull();
    advance(1000);
    expect(screen.queryByText('Short')).toBeNull();
    advance(60_000);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Sticky')).toBeNull();
  });

  it('WCAG 2.2.1: a toast under the pointer waits, and gets its whole timeout when the pointer leaves', () => {
    const { toast, advance } = renderRegion();
    act(() => toast.send({ type: 'toast.add', toast: { type: 'success', message: 'Added', dismissable: true } }));
    const item = screen.getByText('Added').closest('[data-toast-type]')!;
    advance(4000);
    fireEvent.mouseEnter(item);
    advance(30_000);
    expect(screen.queryByText('Added')).not.toBeNull();
    fireEvent.mouseLeave(item);
    advance(DEFAULT_TOAST_TIMEOUT_MS - 1);
    expect(screen.queryByText('Added')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Added')).toBeNull();
  });

  it('spec §4 Other: a duplicate is marked "again", not shown twice', () => {
    const { toast } = renderRegion();
    act(() => {
      toast.send({ type: 'toast.add', toast: { type: 'warning', message: 'Only 1 left' } });
      toast.send({ type: 'toast.add', toast: { type: 'warning', message: 'Only 1 left' } });
    });
    expect(screen.getAllByText('Only 1 left')).toHaveLength(1);
    expect(screen.getByText('again')).toBeTruthy();
  });

  it('F8 reaches the newest dismissable toast and Escape closes it, focus returning where it was', () => {
    const { toast } = renderRegion();
    act(() => toast.send({ type: 'toast.add', toast: { type: 'success', message: 'Saved', dismissable: true } }));
    const main = document.getElementById('main')!;
    main.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'F8' });
    const button = screen.getByRole('button', { name: 'Dismiss notification' });
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByText('Saved')).toBeNull();
    expect(document.activeElement).toBe(main);
  });

  it('a toast with a message id the region knows shows those words with its values; an unknown id shows its message', () => {
    const { toast } = renderRegion();
    act(() => {
      toast.send({
        type: 'toast.add',
        toast: { type: 'error', message: 'English fallback', messageId: 'wishlist.toast.failed', values: { reason: 'Out of stock.' }, dismissable: true },
      });
      toast.send({ type: 'toast.add', toast: { type: 'info', message: 'Plain words', messageId: 'nobody.knows.this' } });
    });
    expect(screen.getByText('This frame could not be saved to your wishlist: Out of stock.')).toBeTruthy();
    expect(screen.getByText('Plain words')).toBeTruthy();
  });

  it('ADR 010: a page machine’s toast is worded in the shopper’s language (the French catalogue), not in the English of its message', async () => {
    const { toast } = renderRegion({ locale: 'fr-FR', messages: await loadMessages('fr-FR') });
    act(() => toast.send({ type: 'toast.add', toast: ADDRESS_BOOK_TOASTS.saved }));
    expect(screen.getByText('Adresse enregistrée.')).toBeTruthy();
    expect(screen.queryByText('Address saved.')).toBeNull();
  });
});
