import { describe, expect, it } from 'vitest';
import { searchWithStep, startStepHistory, stepEntryOf, stepOfSearch } from '../../machines/shared/step-history';
import { showStepInUrl, type SearchNavigate } from './step-url';
import { keptWizardStore, wizardPlaceOf } from '../customise/kept-wizard';
import { createBrowserStorage } from '../storage/browser-storage';
import type { KeptWizard } from '../../machines/customise/customise.types';

describe('ADR 008: a flow’s step in the URL', () => {
  it('the first step entered replaces the entry, the next ones push, and a step the URL shows already changes nothing', () => {
    const first = stepEntryOf(startStepHistory<string>(null), 'a');
    expect(first.move).toEqual({ step: 'a', replace: true });
    const second = stepEntryOf(first.history, 'b');
    expect(second.move).toEqual({ step: 'b', replace: false });
    expect(stepEntryOf(second.history, 'b').move).toBeNull();
    // A reload at ?step=b: entering b needs no change.
    expect(stepEntryOf(startStepHistory('b'), 'b').move).toBeNull();
  });

  it('the step is one search parameter among the others (a frame’s colour, the cart line edited), and only a known step counts', () => {
    expect(searchWithStep('?color=49&size=52', 'lenses')).toBe('?color=49&size=52&step=lenses');
    expect(searchWithStep('?step=usage&edit=7', 'lenses')).toBe('?step=lenses&edit=7');
    expect(stepOfSearch(new URLSearchParams('?step=lenses'), ['usage', 'lenses'])).toBe('lenses');
    expect(stepOfSearch(new URLSearchParams('?step=payment'), ['usage', 'lenses'])).toBeNull();
  });

  it('showStep navigates the search only, on the flow’s own page, and not when the URL shows the step', () => {
    const calls: Parameters<SearchNavigate>[] = [];
    const navigate: SearchNavigate = (to, options) => void calls.push([to, options]);
    let here = { pathname: '/ca/checkout', search: '' };
    const show = showStepInUrl(
      () => navigate,
      () => here,
      (pathname) => pathname.endsWith('/checkout'),
    );
    show(null, { step: 'shippingAddress', replace: true });
    expect(calls).toEqual([[{ search: '?step=shippingAddress' }, { replace: true }]]);
    here = { pathname: '/ca/checkout', search: '?step=shippingAddress' };
    show(null, { step: 'shippingAddress', replace: false });
    here = { pathname: '/ca/checkout/return', search: '' };
    show(null, { step: 'review', replace: false });
    show(null, null);
    expect(calls).toHaveLength(1);
  });

  it('the wizard’s choices are kept per place (path and query without the step) and read back there', () => {
    const backing = new Map<string, string>();
    const storage = createBrowserStorage({
      getItem: (k) => backing.get(k) ?? null,
      setItem: (k, v) => void backing.set(k, v),
      removeItem: (k) => void backing.delete(k),
    });
    let here = { pathname: '/ca/customize/aurora-cat-eye', search: '?step=lenses&color=49' };
    const store = keptWizardStore(storage, () => here);
    const kept = { usage: 'SINGLE_VISION_DISTANCE', coatingUids: [] } as unknown as KeptWizard;
    store.keep(null, kept);
    here = { pathname: '/ca/customize/aurora-cat-eye', search: '?color=49&step=review' };
    expect(store.read()).toEqual(kept);
    here = { pathname: '/ca/customize/aurora-cat-eye', search: '?color=50&step=review' };
    expect(store.read()).toBeNull();
    expect(wizardPlaceOf({ pathname: '/ca/customize/x', search: '?step=usage&b=1&a=2' })).toBe('lensWizard:/ca/customize/x?a=2&b=1');
  });
});
