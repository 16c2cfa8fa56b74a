import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { searchSuggestionsMachine, selectSearchTerm, selectSearchText, SUGGESTION_DEBOUNCE_MS } from './search-suggestions.machine';

function startSearch() {
  const clock = new SimulatedClock();
  const actor = createActor(searchSuggestionsMachine, { clock }).start();
  return { actor, clock };
}

describe('search suggestions machine', () => {
  it('spec §2 search panel: suggestions are asked for the trimmed text once the typing pauses', () => {
    const { actor, clock } = startSearch();
    actor.send({ type: 'search.type', text: 'au ' });
    expect([selectSearchText(actor.getSnapshot()), selectSearchTerm(actor.getSnapshot())]).toEqual(['au ', '']);
    clock.increment(SUGGESTION_DEBOUNCE_MS - 1);
    expect(selectSearchTerm(actor.getSnapshot())).toBe('');
    clock.increment(1);
    expect(selectSearchTerm(actor.getSnapshot())).toBe('au');
    expect(actor.getSnapshot().value).toBe('settled');
  });

  it('spec §2 search panel: each keystroke starts the wait again, so only the last text becomes the term', () => {
    const { actor, clock } = startSearch();
    actor.send({ type: 'search.type', text: 'a' });
    clock.increment(SUGGESTION_DEBOUNCE_MS - 50);
    actor.send({ type: 'search.type', text: 'au' });
    clock.increment(SUGGESTION_DEBOUNCE_MS - 50);
    actor.send({ type: 'search.type', text: 'aur' });
    clock.increment(SUGGESTION_DEBOUNCE_MS - 1);
    expect([actor.getSnapshot().value, selectSearchTerm(actor.getSnapshot())]).toEqual(['typing', '']);
    clock.increment(1);
    expect([actor.getSnapshot().value, selectSearchTerm(actor.getSnapshot())]).toEqual(['settled', 'aur']);
  });
});
