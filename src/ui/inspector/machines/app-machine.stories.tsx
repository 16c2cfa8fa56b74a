import preview from '../../../../.storybook/preview';
import { within } from 'storybook/test';
import { InspectedMachine } from '../inspected-system';
import { expectCurrentState, expectLogged, expectStatechartIn, sendByHand, showsState } from './inspector-story-steps';

/** The app machine (drawer, search panel, online/offline, page loading, root component) in the inspector. */
const meta = preview.meta({
  title: 'Machines/app',
  render: () => <InspectedMachine name="app" />,
});

/** Its start: every region in its first state, online. */
export const Started = meta.story({
  parameters: { shop: { machines: { app: {} } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'app', 'connection.online');
    await sendByHand(canvas, 'app.search.toggle');
    await expectCurrentState(canvas, 'search.open');
    await expectLogged(canvas, 'app.search.toggle');
    await sendByHand(canvas, 'app.drawer.toggle', { name: 'nav' });
    await expectCurrentState(canvas, 'drawer.open');
  },
});

export const Offline = meta.story({
  parameters: { shop: { machines: { app: { events: [{ type: 'app.offline' }] } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'app', 'connection.offline');
    await sendByHand(canvas, 'app.online');
    await expectCurrentState(canvas, 'connection.online');
  },
});

// The states of the app machine that no view story shows: one story each.
const regions = { drawer: 'closed', search: 'closed', connection: 'online', pageLoading: 'idle' };
export const DrawerOpen = showsState('app', { ...regions, drawer: 'open' }, 'drawer.open', { drawer: 'nav' });
export const SearchOpen = showsState('app', { ...regions, search: 'open' }, 'search.open');
export const ConnectionStarting = showsState('app', { ...regions, connection: 'starting' }, 'connection.starting');
export const PageLoading = showsState('app', { ...regions, pageLoading: 'loading' }, 'pageLoading.loading');
