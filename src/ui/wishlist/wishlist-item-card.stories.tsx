import preview from '../../../.storybook/preview';
import { expect, userEvent, within } from 'storybook/test';
import type { WishlistItem } from '../../machines/wishlist/wishlist.machine';
import type { ShopStoryParameters } from '../shared/stories/story-parameters';
import { WishlistItemCard } from './wishlist-item-card';

/**
 * A wishlist item in each state of the wishlist machine's item actions: a frame (its
 * "Add to cart" opens the lens wizard on the colour and size saved), a plain product (moved to the
 * cart by the machine), out of stock, being removed, and a failed removal or move.
 * Controls: the frame's name, price and stock.
 */
interface ItemArgs {
  productName: string;
  price: number;
  stockStatus: 'IN_STOCK' | 'OUT_OF_STOCK';
}

const money = (value: number) => ({ minimum_price: { final_price: { value, currency: 'CAD' } } });

/** Milo Round saved in tortoise, size M (the seed's option uids and value indexes). */
const miloTortoise = (args: ItemArgs = { productName: 'Milo Round', price: 130.15, stockStatus: 'IN_STOCK' }): WishlistItem => ({
  id: '11',
  product: {
    uid: 'Mg==',
    name: args.productName,
    sku: 'LN1002',
    url_key: 'milo-round',
    stock_status: 'IN_STOCK',
    // The product's own picture: another of Milo's colours (rose), so a story shows which picture was chosen.
    small_image: { url: '/media/catalog/product/m/i/milo-round-rose-front.png' },
    price_range: money(args.price),
    configurable_options: [
      { attribute_code: 'color', values: [{ uid: 'Y29uZmlndXJhYmxlLzkzLzUx', value_index: 51 }] },
      { attribute_code: 'size', values: [{ uid: 'Y29uZmlndXJhYmxlLzk0LzYx', value_index: 61 }] },
    ],
  },
  configurable_options: [
    { configurable_product_option_value_uid: 'Y29uZmlndXJhYmxlLzkzLzUx', option_label: 'Colour', value_label: 'Tortoise' },
    { configurable_product_option_value_uid: 'Y29uZmlndXJhYmxlLzk0LzYx', option_label: 'Size', value_label: 'M' },
  ],
  configured_variant: {
    sku: 'LN1002-TOR-M',
    stock_status: args.stockStatus,
    small_image: { url: '/media/catalog/product/m/i/milo-round-tortoise-front.png' },
    price_range: money(args.price),
  },
});

/** A product with no lenses to choose: it goes to the cart directly. */
const cleaningKit: WishlistItem = {
  id: '12',
  product: {
    uid: 'OTk=',
    name: 'Lens cleaning kit',
    sku: 'KIT-01',
    url_key: 'lens-cleaning-kit',
    stock_status: 'IN_STOCK',
    small_image: null,
    price_range: money(12),
    configurable_options: null,
  },
};

const listWith = (items: WishlistItem[], context: Record<string, unknown> = {}): ShopStoryParameters => ({
  route: '/wishlist',
  machines: { wishlist: { value: { list: 'loaded' }, context: { wishlistId: '1', items, currentPage: 1, totalPages: 1, ...context } } },
});

/** The Controls put into the frame (item 11) of whatever list the story shows. */
function withArgs(args: Record<string, unknown>, params: ShopStoryParameters): ShopStoryParameters {
  const story = params.machines?.wishlist;
  const context = (story?.context ?? {}) as { items?: WishlistItem[] };
  const items = (context.items ?? []).map((item) => (item.id === '11' ? miloTortoise(args as unknown as ItemArgs) : item));
  return { ...params, machines: { ...params.machines, wishlist: { ...story, context: { ...context, items } } } };
}

const meta = preview.type<{ args: ItemArgs }>().meta({
  title: 'Wishlist/Wishlist item',
  args: { productName: 'Milo Round', price: 130.15, stockStatus: 'IN_STOCK' },
  argTypes: { stockStatus: { control: 'inline-radio', options: ['IN_STOCK', 'OUT_OF_STOCK'] }, price: { control: { type: 'number', min: 0, step: 0.01 } } },
  render: (args) => (
    <ul style={{ listStyle: 'none', padding: 0, maxWidth: '20rem' }}>
      <WishlistItemCard item={miloTortoise(args)} />
    </ul>
  ),
  parameters: {
    shop: { ...listWith([miloTortoise()]), fromArgs: withArgs },
  },
});

/** A frame in stock: the saved colour's picture, its options, price in CAD; "Add to cart" opens the lens wizard on that colour and size. */
export const Frame = meta.story({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Milo Round' })).toHaveAttribute('href', '/milo-round.html?color=51&size=61');
    await expect(canvas.getByText('Colour: Tortoise')).toBeVisible();
    await expect(canvas.getByText(/130\.15/)).toBeVisible();
    await expect(canvas.getByText('In stock')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Add to cart' })).toHaveAttribute('href', '/customize/milo-round?color=51&size=61');
    await expect(canvasElement.querySelector('img')?.getAttribute('src')).toContain('milo-round-tortoise-front');
  },
});

/** Milo Round saved from its page before a colour or size was chosen. */
const miloWithoutOptions = (): WishlistItem => {
  const { configurable_options: _saved, configured_variant: _variant, ...item } = miloTortoise();
  return { ...item, id: '13' };
};

/** A frame saved without options: the frame's own picture and "Choose a colour"; "Add to cart" opens the wizard to choose. */
export const FrameSavedWithoutOptions = meta.story({
  render: () => (
    <ul style={{ listStyle: 'none', padding: 0, maxWidth: '20rem' }}>
      <WishlistItemCard item={miloWithoutOptions()} />
    </ul>
  ),
  parameters: { shop: listWith([miloWithoutOptions()]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Milo Round' })).toHaveAttribute('href', '/milo-round.html');
    await expect(canvas.getByText('Choose a colour')).toBeVisible();
    await expect(canvasElement.querySelector('img')?.getAttribute('src')).toContain('milo-round-rose-front');
    await expect(canvas.getByRole('link', { name: 'Add to cart' })).toHaveAttribute('href', '/customize/milo-round');
  },
});

/** Milo Round saved in crystal before a size was chosen (ADR 029: the wishlist keeps a partial choice). */
const miloCrystalWithoutSize = (): WishlistItem => {
  const { configured_variant: _variant, ...item } = miloTortoise();
  return {
    ...item,
    id: '14',
    product: {
      ...item.product,
      configurable_options: [
        { attribute_code: 'color', values: [{ uid: 'Y29uZmlndXJhYmxlLzkzLzUy', value_index: 52 }] },
        { attribute_code: 'size', values: [{ uid: 'Y29uZmlndXJhYmxlLzk0LzYx', value_index: 61 }] },
      ],
      variants: [
        {
          attributes: [
            { code: 'color', value_index: 52 },
            { code: 'size', value_index: 61 },
          ],
          product: { small_image: { url: '/media/catalog/product/m/i/milo-round-crystal-front.png' } },
        },
      ],
    },
    configurable_options: [{ configurable_product_option_value_uid: 'Y29uZmlndXJhYmxlLzkzLzUy', option_label: 'Colour', value_label: 'Crystal' }],
  };
};

/** A colour saved without its size shows that colour's picture (a variant in it), as the product page does once the colour is chosen. */
export const FrameSavedWithColourOnly = meta.story({
  render: () => (
    <ul style={{ listStyle: 'none', padding: 0, maxWidth: '20rem' }}>
      <WishlistItemCard item={miloCrystalWithoutSize()} />
    </ul>
  ),
  parameters: { shop: listWith([miloCrystalWithoutSize()]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Milo Round' })).toHaveAttribute('href', '/milo-round.html?color=52');
    await expect(canvas.getByText('Colour: Crystal')).toBeVisible();
    await expect(canvasElement.querySelector('img')?.getAttribute('src')).toContain('milo-round-crystal-front');
  },
});

/** A designer's change through the Controls: another name and price, out of stock (add to cart is off). */
export const OutOfStockFromControls = meta.story({
  args: { productName: 'Milo Round Petite', price: 99.5, stockStatus: 'OUT_OF_STOCK' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Milo Round Petite' })).toBeVisible();
    await expect(canvas.getByText(/99\.50/)).toBeVisible();
    await expect(canvas.getByText('Out of stock')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  },
});

/** Destructive actions confirm: Remove pressed, the machine asks first; "Keep it" keeps the item. */
export const AskedToRemove = meta.story({
  parameters: { machineStates: ['wishlist.items.confirming'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove' }));
    await expect(await canvas.findByRole('button', { name: 'Yes, remove' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Keep it' }));
    await expect(await canvas.findByRole('button', { name: 'Remove' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Yes, remove' })).toBeNull();
  },
});

/** Removal confirmed: the wishlist machine removes it (the effect never settles in a story), every item action waits. */
export const Removing = meta.story({
  parameters: { machineStates: ['wishlist.items.removing'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Yes, remove' }));
    await expect(await canvas.findByRole('button', { name: 'Removing…' })).toBeDisabled();
    await expect(canvas.getByRole('listitem')).toHaveAttribute('aria-busy', 'true');
  },
});

/** A failed removal: the item stays, with a plain message beside it. */
export const RemoveFailed = meta.story({
  parameters: { shop: listWith([miloTortoise()], { errors: { removeItem: { '11': new Error('Failed to fetch') } } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This item could not be removed: The shop could not be reached. Check your connection and try again.',
    );
    await expect(canvas.getByRole('button', { name: 'Remove' })).toBeEnabled();
  },
});

/**
 * A removal whose answer was lost (ADR 011): nothing is sent again; the item stays busy, its failure
 * unshown, while the list is read again to tell whether it is gone.
 */
export const RemovalBeingChecked = meta.story({
  parameters: {
    shop: {
      route: '/wishlist',
      machines: {
        wishlist: {
          value: { list: 'loading', items: 'checkingRemoval' },
          context: {
            wishlistId: '1',
            items: [miloTortoise()],
            currentPage: 1,
            totalPages: 1,
            itemId: '11',
            errors: { removeItem: { '11': new TypeError('Failed to fetch') } },
          },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Removing…' })).toBeDisabled();
    await expect(canvas.getByRole('listitem')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
});

/** A plain product: "Add to cart" asks the wishlist machine to move it (never settles here). */
export const PlainProductAdding = meta.story({
  render: () => (
    <ul style={{ listStyle: 'none', padding: 0, maxWidth: '20rem' }}>
      <WishlistItemCard item={cleaningKit} />
    </ul>
  ),
  parameters: { shop: listWith([cleaningKit]), machineStates: ['wishlist.items.moving'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/12\.00/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Add to cart' }));
    await expect(await canvas.findByRole('button', { name: 'Adding…' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Remove' })).toBeDisabled();
  },
});

/** A refused move (out of stock since it was saved): the item stays with the backend's reason. */
export const AddToCartRefused = meta.story({
  render: PlainProductAdding.input.render,
  parameters: {
    shop: listWith([cleaningKit], { errors: { moveItem: { '12': new Error('Product that you are trying to add is not available.') } } }),
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'This item could not be added to your cart: Product that you are trying to add is not available.',
    );
  },
});

/** The same card on a phone: picture beside the details. */
export const FrameOnPhone = meta.story({ ...Frame.input, globals: { viewport: { value: 'phone' } } });
