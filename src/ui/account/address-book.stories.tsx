import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import type { AddressBookActor } from '../../machines/account/address-book.machine';
import { useInspectedSystem } from '../inspector';
import { AddressBook } from './address-book-page';

/**
 * The address book `/address-book` in each state of the `addressBook` machine (spec §2 routes,
 * §7 customer address operations), rendered by its real view. The story's backend has no signed-in
 * customer, so the list is empty: these stories show the machine's side.
 */
const meta = preview.meta({
  title: 'Account/Address book',
});

const Book = () => <AddressBook actor={useInspectedSystem().actors.addressBook as AddressBookActor} />;
const book = (value: unknown, context: Record<string, unknown> = {}) => ({ shop: { route: '/address-book', machines: { addressBook: { value, context } } } });
const typed = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['12 King St W'],
  city: 'Toronto',
  region_code: 'ON',
  postcode: 'M5H',
  telephone: '4165550100',
  country_id: 'CA',
};

export const Browsing = meta.story({
  render: () => <Book />,
  parameters: book('browsing'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Add an address' })).toBeEnabled();
  },
});

export const NewAddress = meta.story({
  render: () => <Book />,
  parameters: book({ editing: 'filling' }, { editor: { kind: 'new', isFirst: false } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'New address' })).toBeVisible();
    await expect(await canvas.findByRole('checkbox', { name: 'Use as my default address' })).not.toBeChecked();
    await expect(await canvas.findByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
});

export const SaveRefused = meta.story({
  render: () => <Book />,
  parameters: book(
    { editing: 'filling' },
    { editor: { kind: 'new', isFirst: false }, draft: typed, makeDefault: true, error: 'Provided postcode is not valid for Canada.' },
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Provided postcode is not valid for Canada.');
    // What was typed is kept.
    await expect(await canvas.findByLabelText(/First name/)).toHaveValue('Ada');
    await expect(await canvas.findByLabelText(/Postal code/)).toHaveValue('M5H');
    await expect(await canvas.findByRole('checkbox', { name: 'Use as my default address' })).toBeChecked();
  },
});

export const Saving = meta.story({
  render: () => <Book />,
  parameters: book({ editing: 'saving' }, { editor: { kind: 'edit', id: 7, isDefault: true }, draft: typed }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Edit address' })).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Save address' })).toBeDisabled();
    await expect(await canvas.findByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
});

/** "Delete" asked for address 8: its card offers "Yes, delete" and "Keep it"; nothing is deleted yet, so the page stays usable. */
export const ConfirmingDelete = meta.story({
  render: () => <Book />,
  parameters: book('confirmingDelete', { deletingId: 8 }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Add an address' })).toBeEnabled();
  },
});

export const Deleting = meta.story({
  render: () => <Book />,
  parameters: book('deleting', { deletingId: 8 }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Add an address' })).toBeDisabled();
  },
});

export const SettingDefault = meta.story({
  render: () => <Book />,
  parameters: book('settingDefault'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Add an address' })).toBeDisabled();
  },
});

export const DeleteRefusedOnPhone = meta.story({
  render: () => <Book />,
  parameters: book('browsing', { error: 'Customer Address 9 is set as default billing address and can not be deleted' }),
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('can not be deleted');
  },
});
