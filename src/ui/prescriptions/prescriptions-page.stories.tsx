import preview from '../../../.storybook/preview';
import { startStoryActor } from '../../../.storybook/story-actors';
import { useMemo } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { FIXTURE_SAVED_PRESCRIPTIONS } from '../../machines/customise/customise.fixtures';
import { savedPrescriptionsMachine, type SavedPrescriptionInput } from '../../machines/prescription/saved-prescriptions.machine';
import { PrescriptionsPage, SavedPrescriptionsView } from './prescriptions-page';

/** /prescription (spec §2, signed in only): saved prescriptions, on the embedded backend. */
const meta = preview.meta({
  title: 'Eyewear/Prescriptions',
  component: PrescriptionsPage,
  parameters: { shop: { route: '/prescription' } },
});

const never = () => new Promise<never>(() => {});

/** The page's machine on a signed-in customer's two saved prescriptions; saves and deletes answer as told (never, by default). */
function SavedWith({
  fetch = async () => FIXTURE_SAVED_PRESCRIPTIONS,
  save = never,
  remove = never,
}: {
  fetch?: () => Promise<typeof FIXTURE_SAVED_PRESCRIPTIONS>;
  save?: (input: SavedPrescriptionInput) => Promise<unknown>;
  remove?: () => Promise<unknown>;
}) {
  const actor = useMemo(() => {
    const machine = savedPrescriptionsMachine.provide({
      actors: {
        fetchSavedPrescriptions: fromPromise(() => fetch()),
        saveSavedPrescription: fromPromise(({ input }: { input: SavedPrescriptionInput }) => save(input)),
        deleteSavedPrescription: fromPromise(() => remove()),
      },
    });
    return startStoryActor(machine, { input: { today: '2026-03-01' } });
  }, [fetch, save, remove]);
  return <SavedPrescriptionsView actor={actor} />;
}

export const Guest = meta.story({
  parameters: { machineStates: ['savedPrescriptions.loading', 'savedPrescriptions.loadFailed', 'savedPrescriptions.loadFailed.unauthorised'] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent('Sign in to see and save your prescriptions.');
  },
});

const listUnavailable = () => Promise.reject(new Error('The prescriptions could not be loaded. Try again.'));
/** The list could not be loaded: the reason, and a retry. */
export const LoadFailed = meta.story({
  render: () => <SavedWith fetch={listUnavailable} />,
  parameters: { machineStates: ['savedPrescriptions.loadFailed.unavailable'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The prescriptions could not be loaded. Try again.');
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeEnabled();
  },
});

export const List = meta.story({
  render: () => <SavedWith />,
  parameters: { machineStates: ['savedPrescriptions.listing'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Distance glasses 2025' })).toBeVisible();
    await expect(await canvas.findByText('Expired on', { exact: false })).toBeVisible();
  },
});

export const AddFormWithErrors = meta.story({
  render: () => <SavedWith />,
  parameters: { machineStates: ['savedPrescriptions.editing', 'savedPrescriptions.editing.form', 'savedPrescriptions.editing.form.nameMissing'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a prescription' }));
    await expect(await canvas.findByRole('heading', { name: 'New prescription' })).toBeVisible();
    await userEvent.type(await canvas.findByLabelText('OD (right eye) SPH'), '-2.25');
    await userEvent.click(await canvas.findByRole('button', { name: 'Save the prescription' }));
    await expect(await canvas.findByText(/values need fixing/)).toBeVisible();
    await expect(await canvas.findByText('Give the prescription a name, for example “Reading glasses 2026”.')).toBeVisible();
    await expect(await canvas.findByLabelText('OS (left eye) SPH')).toHaveAttribute('aria-invalid', 'true');
    await expect(await canvas.findByLabelText('OD (right eye) SPH')).toHaveValue('-2.25');
    await userEvent.type(await canvas.findByLabelText('Name'), 'Office');
    await expect(canvas.queryByText('Give the prescription a name, for example “Reading glasses 2026”.')).not.toBeInTheDocument();
  },
});

export const EditForm = meta.story({
  render: () => <SavedWith />,
  parameters: { machineStates: ['savedPrescriptions.editing.form', 'savedPrescriptions.editing.form.filling'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Distance glasses 2025' }));
    await expect(await canvas.findByLabelText('Name')).toHaveValue('Distance glasses 2025');
    await expect(await canvas.findByLabelText('OD (right eye) SPH')).toHaveValue('-2.25');
    await expect(await canvas.findByLabelText('PD')).toHaveValue('63');
    // A glasses shop never offers a contact-lens prescription as a choice (eyewear notes: not accepted for glasses).
    await expect(canvas.queryByLabelText('This prescription is for')).toBeNull();
    await expect(canvas.queryByText('Contact lenses')).toBeNull();
  },
});

/** The edited prescription is on its way to the account: the buttons wait. */
export const Saving = meta.story({
  render: () => <SavedWith />,
  parameters: { machineStates: ['savedPrescriptions.editing.saving'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Distance glasses 2025' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Save the prescription' }));
    await expect(await canvas.findByRole('button', { name: 'Save the prescription' })).toBeDisabled();
    await expect(await canvas.findByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
});

const saveRefused = () => Promise.reject(new Error('The prescription is more than two years old.'));
/** The backend refuses the save: its words, and every value kept. */
export const SaveFailed = meta.story({
  render: () => <SavedWith save={saveRefused} />,
  parameters: { machineStates: ['savedPrescriptions.editing.form'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Distance glasses 2025' }));
    await userEvent.clear(await canvas.findByLabelText('Name'));
    await userEvent.type(await canvas.findByLabelText('Name'), 'Office');
    await userEvent.click(await canvas.findByRole('button', { name: 'Save the prescription' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The prescription is more than two years old.');
    await expect(await canvas.findByLabelText('Name')).toHaveValue('Office');
  },
});

export const ConfirmingDelete = meta.story({
  render: () => <SavedWith />,
  parameters: { machineStates: ['savedPrescriptions.confirmingDelete'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete Old reading glasses' }));
    await expect(await canvas.findByRole('button', { name: 'Yes, delete Old reading glasses' })).toBeEnabled();
    await expect(await canvas.findByRole('button', { name: 'Keep it' })).toBeVisible();
  },
});

export const Deleting = meta.story({
  render: () => <SavedWith />,
  parameters: { machineStates: ['savedPrescriptions.deleting'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete Old reading glasses' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Yes, delete Old reading glasses' }));
    await expect(await canvas.findByRole('button', { name: 'Yes, delete Old reading glasses' })).toBeDisabled();
  },
});

const deleteRefused = () => Promise.reject(new Error('The prescription could not be deleted. Try again.'));
/** A failed delete keeps the list, with the reason next to the prescription. */
export const DeleteFailed = meta.story({
  render: () => <SavedWith remove={deleteRefused} />,
  parameters: { machineStates: ['savedPrescriptions.listing'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete Old reading glasses' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Yes, delete Old reading glasses' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The prescription could not be deleted. Try again.');
    await expect(await canvas.findByRole('heading', { name: 'Old reading glasses' })).toBeVisible();
  },
});
