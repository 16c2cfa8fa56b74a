import { describe, expect, it, vi } from 'vitest';
import { appImplementations, CONNECTIVITY_MESSAGES, searchPath } from './app.actors';

describe('app actors', () => {
  it('spec §4 App: going offline and coming back are told with toasts (one dismissable, one timed)', () => {
    const notify = vi.fn();
    const { actions } = appImplementations({ notify, navigate: () => {} });
    actions.onOffline();
    actions.onOnline();
    expect(notify.mock.calls.map(([toast]) => [toast.message, toast.dismissable ?? false, toast.timeout])).toEqual([
      [CONNECTIVITY_MESSAGES.offline, true, false],
      [CONNECTIVITY_MESSAGES.online, false, 5000],
    ]);
  });

  it('spec §4 App: execute search goes to /search.html with the query', () => {
    const navigate = vi.fn();
    appImplementations({ notify: () => {}, navigate }).actions.navigateToSearch(undefined, { query: 'cat eye & round' });
    expect(navigate).toHaveBeenCalledWith('/search.html?query=cat%20eye%20%26%20round');
    expect(searchPath('a')).toBe('/search.html?query=a');
  });

  it('spec §8: unhandled errors are logged with their id', () => {
    const log = vi.fn();
    const error = new Error('x');
    appImplementations({ notify: () => {}, navigate: () => {}, log }).actions.logError(undefined, { id: 'Error42q', error });
    expect(log).toHaveBeenCalledWith('Unhandled error Error42q:', error);
  });
});
