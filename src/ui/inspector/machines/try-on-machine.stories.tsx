import preview from '../../../../.storybook/preview';
import { within } from 'storybook/test';
import { InspectedMachine } from '../inspected-system';
import { expectCurrentState, expectLogged, expectStatechartIn, sendByHand } from './inspector-story-steps';

/** The try-on machine (camera or photo, face tracking, frame placement, PD measure) in the inspector. */
const meta = preview.meta({
  title: 'Machines/tryOn',
  render: () => <InspectedMachine name="tryOn" />,
});

export const ChoosingSource = meta.story({
  parameters: { shop: { machines: { tryOn: {} } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStatechartIn(canvas, 'tryOn', 'choosingSource');
    await sendByHand(canvas, 'tryOn.useCamera');
    await expectLogged(canvas, 'tryOn.useCamera');
    await expectCurrentState(canvas, 'requestingCamera');
  },
});
