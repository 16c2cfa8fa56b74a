import preview from '../../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { InspectedMachine } from '../inspected-system';
import { expectCurrentState, expectLogged, expectStatechartIn, sendByHand, showsState } from './inspector-story-steps';

/** The route machine (URL → route query → page, redirect, not found or error) in the inspector. */
const meta = preview.meta({
  title: 'Machines/route',
  render: () => <InspectedMachine name="route" />,
});

export const Idle = meta.story({
  parameters: { shop: { machines: { route: {} } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'route', 'idle');
    await sendByHand(canvas, 'route.resolve', { pathname: '/eyeglasses.html' });
    // The route query never answers in a story: the machine stays resolving.
    await expectCurrentState(canvas, 'resolving');
    await expectLogged(canvas, 'route.resolve');
    await expect(await canvas.findByLabelText('Context as JSON')).toHaveTextContent('"pathname": "/eyeglasses.html"');
  },
});

// Each state of the route machine as a diagram; App/Route fallback renders the same states through the routed page.
export const Resolving = showsState('route', 'resolving', 'resolving', { pathname: '/eyeglasses.html' });
export const Loaded = showsState('route', 'loaded', 'loaded', { pathname: '/eyeglasses.html', page: { type: 'CATEGORY', uid: 'Mw==' } });
export const Redirect = showsState('route', 'redirect', 'redirect', { pathname: '/glasses.html', redirectTo: '/eyeglasses.html' });
export const BrowserRedirect = showsState('route', 'browserRedirect', 'browserRedirect', {
  pathname: '/lens-guide',
  redirectTo: 'https://lunette-eyewear.example/lens-guide',
});
export const NotFound = showsState('route', 'notFound', 'notFound', { pathname: '/no-such-page' });
export const Failed = showsState('route', 'error', 'error', { pathname: '/eyeglasses.html', error: new Error('Failed to fetch') });
