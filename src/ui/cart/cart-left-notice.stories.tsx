import preview from '../../../.storybook/preview';
import { expect, userEvent, within } from 'storybook/test';
import type { MachineStory } from '../shared/stories/story-parameters';
import { CartPage } from './cart-page';
import { CartTrigger } from './cart-trigger';
import { emptyCart } from '../shared/stories/cart-story-data';

/**
 * The notice of a cart left in another store view (spec §9: each store view keeps its own cart), on
 * the cart page and in the empty mini cart after a switch: the store view machine's record of the
 * cart left behind, with the way back to it and a way to dismiss it. The store view's name is the
 * store switcher's (`availableStores`); the words are the view's own (en, de).
 */
const meta = preview.meta({ title: 'Cart/Cart left in another store view' });

interface LeftBehind {
  storeCode: string;
  locale: string;
  currency: string;
  from: string;
  itemCount: number;
}

const ENGLISH: LeftBehind = { storeCode: 'ca', locale: 'en-CA', currency: 'CAD', from: 'fr', itemCount: 2 };
const GERMAN: LeftBehind = { storeCode: 'de', locale: 'de-DE', currency: 'EUR', from: 'ca', itemCount: 1 };

/** The shop's parameters: this view's empty cart, the store view machine's record of the cart left in `from`. */
function afterSwitch(left: LeftBehind, route: string, app?: MachineStory) {
  const { storeCode, locale, currency, from, itemCount } = left;
  return {
    shop: {
      route,
      storeCode,
      locale,
      machines: {
        storeView: { value: 'ready', context: { storeCode, locale, currency, cartLeft: { storeCode: from, itemCount } } },
        cart: { value: 'ready', context: { details: emptyCart } },
        ...(app ? { app } : {}),
      },
    },
  };
}
const drawerOpen: MachineStory = { value: { drawer: 'open' }, context: { drawer: 'cart' } };

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** The notice (a status region) whose sentence matches `words`. */
async function noticeIn(canvasElement: HTMLElement, words: RegExp): Promise<HTMLElement> {
  const notice = (await within(canvasElement).findByText(words)).closest<HTMLElement>('[role="status"]');
  await expect(notice).not.toBeNull();
  return notice!;
}

export const OnTheCartPage = meta.story({
  render: () => <CartPage />,
  parameters: afterSwitch(ENGLISH, '/cart'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await noticeIn(canvasElement, /stayed there/);
    // The store view's name is the store switcher's, once the store list is read.
    await expect(await within(notice).findByRole('button', { name: 'Switch back to FR - France' })).toBeVisible();
    await expect(notice).toHaveTextContent('Your cart in FR - France (2 items) stayed there: each store view keeps its own cart.');
    await expect(await canvas.findByText('There are no items in your cart.')).toBeVisible();
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByText(/stayed there/)).toBeNull();
  },
});

export const OnTheCartPageOnPhone = meta.story({ ...OnTheCartPage.input, globals: { viewport: { value: 'phone' } } });

export const OnTheCartPageInGerman = meta.story({
  render: () => <CartPage />,
  parameters: afterSwitch(GERMAN, '/cart'),
  play: async ({ canvasElement }) => {
    const notice = await noticeIn(canvasElement, /ist dort geblieben/);
    await expect(await within(notice).findByRole('button', { name: 'Zurück zu CA - Canada' })).toBeVisible();
    await expect(notice).toHaveTextContent('Ihr Warenkorb in CA - Canada (1 Artikel) ist dort geblieben: Jeder Shop hat seinen eigenen Warenkorb.');
    await expect(within(notice).getByRole('button', { name: 'Ausblenden' })).toBeVisible();
  },
});

export const InTheEmptyMiniCart = meta.story({
  render: () => <CartTrigger />,
  parameters: afterSwitch(ENGLISH, '/', drawerOpen),
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Your cart' });
    await expect(await within(dialog).findByText('There are no items in your cart.')).toBeVisible();
    await expect(await within(dialog).findByRole('button', { name: 'Switch back to FR - France' })).toBeVisible();
    await expect(within(dialog).getByText(/^Your cart in FR - France \(2 items\) stayed there/)).toBeVisible();
  },
});

export const InTheEmptyMiniCartOnPhone = meta.story({ ...InTheEmptyMiniCart.input, globals: { viewport: { value: 'phone' } } });

export const InTheEmptyMiniCartInGerman = meta.story({
  render: () => <CartTrigger />,
  parameters: afterSwitch(GERMAN, '/', drawerOpen),
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Ihr Warenkorb' });
    await expect(await within(dialog).findByRole('button', { name: 'Zurück zu CA - Canada' })).toBeVisible();
    await expect(within(dialog).getByText(/^Ihr Warenkorb in CA - Canada \(1 Artikel\) ist dort geblieben/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ausblenden' }));
    await expect(within(dialog).queryByText(/ist dort geblieben/)).toBeNull();
  },
});
