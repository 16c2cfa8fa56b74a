import preview from '../../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { InspectedMachine } from '../inspected-system';
import { expectCurrentState, expectLogged, expectStatechartIn, sendByHand } from './inspector-story-steps';
import { signedOut } from '../../shared/story-fixtures';

/** The session machine (token record, user details, expiry timers, sign-out sequence) in the inspector. */
const meta = preview.meta({
  title: 'Machines/session',
  render: () => <InspectedMachine name="session" />,
});

export const SignedOut = meta.story({
  parameters: { shop: { machines: { session: signedOut } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'session', 'auth.signedOut.idle');
    await sendByHand(canvas, 'session.signIn', { email: 'ada@example.com', password: 'Secret-123' });
    // The sign-in request never answers in a story.
    await expectCurrentState(canvas, 'auth.signedOut.signingIn');
    await expectLogged(canvas, 'session.signIn');
    await expect(await canvas.findByRole('list', { name: 'Received events, newest first' })).toHaveTextContent('"email": "ada@example.com"');
  },
});
