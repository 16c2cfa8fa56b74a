import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { appMachine } from '../../machines/app/app.machine';
import { appImplementations, searchPath } from './app.actors';
import { pageLog } from './log-buffer';

describe('app actors', () => {
  it('spec §4 App: execute search goes to /search.html with the query', () => {
    const navigate = vi.fn();
    appImplementations({ navigate }).actions.navigateToSearch(undefined, { query: 'cat eye & round' });
    expect(navigate).toHaveBeenCalledWith('/search.html?query=cat%20eye%20%26%20round');
    expect(searchPath('a')).toBe('/search.html?query=a');
  });

  it('spec §8: unhandled errors are logged with their id', () => {
    const log = vi.fn();
    const error = new Error('x');
    appImplementations({ navigate: () => {}, log }).actions.logError(undefined, { id: 'Error42q', error });
    expect(log).toHaveBeenCalledWith('Unhandled error Error42q:', error);
  });

  it('spec §9 Log buffer 30 lines: without a logger, unhandled errors land in the page log (shown by the error overlay)', () => {
    const echo = vi.spyOn(console, 'error').mockImplementation(() => {});
    appImplementations({ navigate: () => {} }).actions.logError(undefined, { id: 'TypeError42q', error: new TypeError('boom') });
    expect(pageLog.lines().at(-1)?.text).toBe('Unhandled error TypeError42q: TypeError: boom');
    expect(echo).toHaveBeenCalled();
    echo.mockRestore();
  });

  it("spec §2 unhandled-error overlay: 'Reload page' runs the composition root's reload", () => {
    const reloadPage = vi.fn();
    const actor = createActor(appMachine.provide(appImplementations({ navigate: () => {}, reloadPage })), { input: { isOnline: true } }).start();
    actor.send({ type: 'app.page.reload' });
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
