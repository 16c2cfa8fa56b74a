import preview from '../../../.storybook/preview';
import { startStoryActor } from '../../../.storybook/story-actors';
import { useMemo } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { searchSuggestionsMachine } from '../../machines/search/search-suggestions.machine';
import { SearchPanel } from './search-panel';
import { slow } from '../shared/story-fixtures';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/**
 * The panel on a searchSuggestions machine of the story's own, with real timers (in the shop the app
 * machine runs it while the panel is open; the decorator's machines never fire a timer).
 */
function SearchPanelStory({ onClose }: { onClose: (restoreFocus: boolean) => void }) {
  const search = useMemo(() => startStoryActor(searchSuggestionsMachine), []);
  return (
    <header style={{ position: 'relative', minHeight: '24rem' }}>
      <SearchPanel search={search} onClose={onClose} />
      <Routes>
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </header>
  );
}

/** The header's search panel (spec §2): suggestions as you type, a WAI-ARIA combobox. */
const meta = preview.meta({
  title: 'Search/Search panel',
  component: SearchPanelStory,
  args: { onClose: () => {} },
});

/** Nothing typed yet: the term settled. */
export const Empty = meta.story({
  parameters: { machineStates: ['searchSuggestions.settled'] },
  play: async ({ canvasElement }) => {
    const input = await within(canvasElement).findByRole('combobox', { name: 'Search frames' });
    // The panel focuses its field in an effect, which a browser may run after the first paint.
    await waitFor(() => expect(input).toHaveFocus());
    await expect(input).toHaveAttribute('aria-expanded', 'false');
  },
});

/** Typing (the machine waits for the pause), then the settled term's suggestions. */
export const SuggestionsWithKeyboard = meta.story({
  parameters: { machineStates: ['searchSuggestions.typing', 'searchSuggestions.settled'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = await canvas.findByRole('combobox', { name: 'Search frames' });
    await userEvent.type(input, 'aur');
    const option = await canvas.findByRole('option', { name: /Aurora Cat-Eye/ }, slow);
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(await canvas.findByRole('option', { name: /See all 1 result for “aur”/ })).toBeVisible();
    // arrows move the active option (aria-activedescendant), Enter opens it
    await userEvent.keyboard('{ArrowDown}');
    const active = () => input.getAttribute('aria-activedescendant');
    await waitFor(() => expect(active()).not.toBeNull());
    while (active() !== option.id) await userEvent.keyboard('{ArrowDown}');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent('/aurora-cat-eye.html'));
  },
});

export const EnterSearchesEverything = meta.story({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('combobox', { name: 'Search frames' }), 'round frames{Enter}');
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent('/search.html?query=round+frames'));
  },
});

export const Phone = meta.story({ ...SuggestionsWithKeyboard.input, globals: { viewport: { value: 'phone' } } });
