/** Steps the Machines/<id> stories share: the statechart takes a moment to lay out. */
import { expect, userEvent, within } from 'storybook/test';
import type { StateValue } from 'xstate';

type Canvas = ReturnType<typeof within>;

/** Waits for the statechart to be drawn, the current states (or one of them, for parallel states) in its description. */
export async function expectStatechartIn(canvas: Canvas, machineId: string, states: string): Promise<void> {
  const prefix = `Statechart of ${machineId}, in `;
  const named = (name: string) => name.startsWith(prefix) && name.slice(prefix.length).split(', ').includes(states);
  await expect(await canvas.findByRole('img', { name: named }, { timeout: 30_000 })).toBeVisible();
}

/** Types a payload (JSON, braces as typed) and clicks the event's button. */
export async function sendByHand(canvas: Canvas, eventType: string, payload?: unknown): Promise<void> {
  const field = await canvas.findByLabelText('Payload (a JSON object, optional)');
  await userEvent.clear(field);
  if (payload !== undefined)
    await userEvent.type(
      field,
      JSON.stringify(payload).replace(/[{[]/g, (brace) => brace + brace),
    );
  await userEvent.click(await canvas.findByRole('button', { name: eventType }));
}

export async function expectCurrentState(canvas: Canvas, states: string): Promise<void> {
  await expect(await canvas.findByRole('status', { name: 'Current state' })).toHaveTextContent(states);
}

export async function expectLogged(canvas: Canvas, eventType: string): Promise<void> {
  const log = await canvas.findByRole('list', { name: 'Received events, newest first' });
  await expect((await within(log).findAllByText(eventType))[0]).toBeVisible();
}

/**
 * A story of the inspector showing one state of a machine (restored from a snapshot), which counts
 * for that state in the story coverage test.
 */
export function showsState(machineId: string, value: StateValue, leaf: string, context?: Record<string, unknown>) {
  return {
    parameters: { shop: { machines: { [machineId]: { value, ...(context ? { context } : {}) } } } },
    play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
      await expectStatechartIn(within(canvasElement), machineId, leaf);
    },
  };
}
