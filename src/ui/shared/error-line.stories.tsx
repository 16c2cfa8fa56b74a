import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { ErrorLine } from './error-line';

/**
 * A failure in words next to what failed (spec §8): announced when it appears. Raw text (a URL, a
 * request, a status, an id) never reaches the shopper: the catalogue's generic words stand instead.
 */
const meta = preview.meta({
  title: 'Shared/Error line',
  component: ErrorLine,
  // The component library: a Docs page of its properties; a Control for the message.
  tags: ['autodocs'],
  args: { message: 'This coupon code is not valid.' },
  argTypes: { message: { control: 'text', description: 'What went wrong; empty shows nothing' } },
});

export const PlainWords = meta.story({
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('This coupon code is not valid.');
  },
});

export const RawTextIsNeverShown = meta.story({
  // It shows the shop's generic words on purpose: they stand for the raw text.
  tags: ['shows-error'],
  args: { message: 'POST /rest/ca/V1/guest-carts/0123456789abcdef0123456789abcdef/coupons responded 500' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Something went wrong. Sorry about that.');
  },
});

export const NoError = meta.story({
  args: { message: '' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
});
