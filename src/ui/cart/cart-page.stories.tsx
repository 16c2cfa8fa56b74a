import preview from '../../../.storybook/preview';
import { expect, userEvent, within } from 'storybook/test';
import type { MachineStory } from '../shared/stories/story-parameters';
import { CartPage } from './cart-page';
import {
  auroraLine,
  cartFromArgs,
  cartLineArgs,
  cartLineArgTypes,
  cartPageWith,
  type CartLineArgs,
  cartWithAurora,
  cartWithCouponAndShipping,
  cartWithItemError,
  emptyCart,
} from '../shared/stories/cart-story-data';
import { shopFailureMessage } from '../../machines/shared/shop-failure';

/** The cart page (spec §2 /cart) in each state of the cart machine (spec §4 "Cart lifecycle"). */
/** Controls: the line's name, unit price, quantity and stock, a refused coupon's words (stories whose cart has the Aurora line). */
const meta = preview.type<{ args: CartLineArgs }>().meta({
  title: 'Cart/Cart page',
  render: () => <CartPage />,
  args: cartLineArgs,
  argTypes: cartLineArgTypes,
  parameters: { shop: { route: '/cart', fromArgs: cartFromArgs } },
});

const withDetails = (value: MachineStory['value'], context: Record<string, unknown> = {}) =>
  cartPageWith({ value, context: { details: cartWithAurora, ...context } });
const updateOperation = { kind: 'updateItem', update: { itemUid: auroraLine.uid, quantity: 2, isConfigurable: false, item: { sku: 'LN1001', quantity: 2 } } };

export const WithItems = meta.story({
  parameters: withDetails('ready'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Cart', level: 1 })).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Aurora Cat-Eye' })).toBeVisible();
    await expect(await canvas.findByText('Black')).toBeVisible();
    await expect(await canvas.findByRole('spinbutton', { name: 'Quantity of Aurora Cat-Eye' })).toHaveValue(1);
    await expect(await canvas.findByText('Estimated total')).toBeVisible();
    await expect((await canvas.findAllByText('$210.98')).length).toBeGreaterThan(0);
    await expect(await canvas.findByRole('link', { name: 'Proceed to checkout' })).toBeVisible();
  },
});

/** A designer's change through the Controls: another name, price, quantity and stock on the line. */
export const WithItemsFromControls = meta.story({
  args: { productName: 'Nova Round', price: 99.5, quantity: 3, stockStatus: 'IN_STOCK', couponError: 'The coupon code "SPRING" has expired.' },
  parameters: withDetails('ready'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Nova Round' })).toBeVisible();
    await expect(await canvas.findByRole('spinbutton', { name: 'Quantity of Nova Round' })).toHaveValue(3);
    await expect((await canvas.findAllByText('$298.50')).length).toBeGreaterThan(0);
    await expect(await canvas.findByRole('textbox', { name: 'Coupon code' })).toHaveAccessibleDescription('The coupon code "SPRING" has expired.');
  },
});

export const WithItemsOnPhone = meta.story({ ...WithItems.input, globals: { viewport: { value: 'phone' } } });

export const QuantityChangeSendsUpdate = meta.story({
  parameters: withDetails('ready'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Increase quantity' }));
    // The machine is now updating (its effects never settle in a story): the controls wait.
    await expect(await canvas.findByText('Updating your cart…')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Remove Aurora Cat-Eye' })).toBeDisabled();
  },
});

export const CouponAndTaxes = meta.story({
  parameters: cartPageWith({ value: 'ready', context: { details: cartWithCouponAndShipping } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('WELCOME10')).toBeVisible();
    await expect(await canvas.findByText('Welcome 10 % off')).toBeVisible();
    await expect(await canvas.findByText('HST (ON) 13 %')).toBeVisible();
    await expect(await canvas.findByText('Subtotal (incl. tax)')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Remove coupon' })).toBeEnabled();
  },
});

/** Spec §3 applied_coupons: the cart machine applies the typed code (one request); the button says so. */
export const ApplyingCoupon = meta.story({
  parameters: withDetails('applyingCoupon', { couponCode: 'WELCOME10' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Applying…' })).toBeDisabled();
  },
});

/** A refused code: the reason next to the field (described by it), the field usable again. */
export const CouponRefused = meta.story({
  parameters: withDetails('ready', { errors: { coupon: { message: 'The coupon code "NOPE" is not valid.' } } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByRole('textbox', { name: 'Coupon code' });
    await expect(field).toHaveAccessibleDescription('The coupon code "NOPE" is not valid.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  },
});

/** Removing the applied coupon: the button waits for the cart machine. */
export const RemovingCoupon = meta.story({
  parameters: cartPageWith({ value: 'removingCoupon', context: { details: cartWithCouponAndShipping } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Remove coupon' })).toBeDisabled();
  },
});

/**
 * A coupon call whose answer was lost. The cart machine reads the cart to learn whether the
 * code took (`checking`) before it says anything; the shopper sees the same wait as during the call.
 */
export const ApplyingCouponAnswerLost = meta.story({
  ...ApplyingCoupon.input,
  parameters: withDetails({ applyingCoupon: 'checking' }, { couponCode: 'WELCOME10' }),
});
export const RemovingCouponAnswerLost = meta.story({
  ...RemovingCoupon.input,
  parameters: cartPageWith({ value: { removingCoupon: 'checking' }, context: { details: cartWithCouponAndShipping } }),
});

export const ItemError = meta.story({
  parameters: cartPageWith({ value: 'ready', context: { details: cartWithItemError } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Some of the selected item options are not currently available.')).toBeVisible();
  },
});

export const Empty = meta.story({
  parameters: cartPageWith({ value: 'ready', context: { details: emptyCart } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('There are no items in your cart.')).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Continue shopping' })).toBeVisible();
  },
});

export const CreatingCart = meta.story({
  parameters: cartPageWith({ value: 'creatingCart', context: { cartId: null } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading your cart…')).toBeInTheDocument();
  },
});

/** A new visitor's cart waits for the page to be ready; the cart page shows it as loading. */
export const AwaitingStart = meta.story({
  parameters: cartPageWith({ value: 'awaitingStart', context: { cartId: null } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading your cart…')).toBeInTheDocument();
  },
});

export const LoadingDetails = meta.story({
  parameters: cartPageWith({ value: 'loadingDetails' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading your cart…')).toBeInTheDocument();
  },
});

export const Starting = meta.story({
  parameters: { ...cartPageWith({ value: 'loadingDetails' }), machineStates: ['cart.starting'] },
  play: LoadingDetails.input.play,
});

/** ADR 042: back from the provider's page unpaid, the shop asks whether the cart comes back; the page waits as for any load. */
export const RestoringPendingPayment = meta.story({
  parameters: cartPageWith({
    value: 'restoringPendingPayment',
    context: { cartId: 'new-empty-cart', pendingPayment: { cartId: 'paid-cart', orderNumber: '000000007', cameBack: true } },
  }),
  play: LoadingDetails.input.play,
});

export const UnableToCreateCart = meta.story({
  parameters: cartPageWith({ value: 'noCart', context: { cartId: null, errors: { getCart: { message: shopFailureMessage('cartNotCreated') } } } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Unable to create cart');
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeEnabled();
  },
});

export const DetailsFailed = meta.story({
  tags: ['shows-error'],
  parameters: cartPageWith({ value: 'detailsFailed', context: { errors: { getDetails: { message: 'Failed to fetch' } } } }),
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Something went wrong. Sorry about that.');
    await expect(alert).toHaveTextContent('The shop could not be reached. Check your connection and try again.');
  },
});

export const AddingItem = meta.story({
  parameters: withDetails({ addingItem: 'mutating' }, { operation: { kind: 'addItem', item: { sku: 'LN1001-BLK-M', quantity: 1 } } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Aurora Cat-Eye' })).toBeVisible();
  },
});

export const AddingItemRefreshing = meta.story({
  ...AddingItem.input,
  parameters: withDetails({ addingItem: 'refreshing' }, { operation: { kind: 'addItem', item: { sku: 'LN1001-BLK-M', quantity: 1 } } }),
});
/** Spec §5: the add once more, on the cart that replaced an invalid one. */
export const AddingItemRetry = meta.story({
  ...AddingItem.input,
  parameters: withDetails({ addingItem: { retry: 'mutating' } }, { operation: { kind: 'addItem', item: { sku: 'LN1001-BLK-M', quantity: 1 } } }),
});
export const AddingItemRetryRefreshing = meta.story({
  ...AddingItem.input,
  parameters: withDetails({ addingItem: { retry: 'refreshing' } }, { operation: { kind: 'addItem', item: { sku: 'LN1001-BLK-M', quantity: 1 } } }),
});
/** The add's answer was lost; the cart is read to learn whether the item is in it, before anything is said. */
export const AddingItemAnswerLost = meta.story({
  ...AddingItem.input,
  parameters: withDetails({ addingItem: 'checking' }, { operation: { kind: 'addItem', item: { sku: 'LN1001-BLK-M', quantity: 1 } } }),
});
export const AddingItemRetryAnswerLost = meta.story({
  ...AddingItem.input,
  parameters: withDetails({ addingItem: { retry: 'checking' } }, { operation: { kind: 'addItem', item: { sku: 'LN1001-BLK-M', quantity: 1 } } }),
});

const updating = (value: string) =>
  meta.story({
    parameters: withDetails({ updatingItem: value }, { operation: updateOperation }),
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByText('Updating your cart…')).toBeVisible();
      // A failed or running cart call keeps the cart on screen.
      await expect(await canvas.findByRole('link', { name: 'Aurora Cat-Eye' })).toBeVisible();
      await expect(await canvas.findByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    },
  });
export const UpdatingQuantity = updating('changingQuantity');
export const UpdatingRefreshing = updating('refreshing');
const editOperation = { kind: 'updateItem', update: { ...updateOperation.update, isConfigurable: true } };
/** Spec §4: an edited colour/size line is removed and re-added, in one request. */
export const EditingReplacesLine = meta.story({
  ...updating('replacing').input,
  parameters: withDetails({ updatingItem: 'replacing' }, { operation: editOperation }),
});
export const EditChoosing = meta.story({
  ...updating('choosing').input,
  parameters: { ...withDetails({ updatingItem: 'changingQuantity' }, { operation: updateOperation }), machineStates: ['cart.updatingItem.choosing'] },
});
/** Spec §5: the update once more, on the cart that replaced an invalid one. */
export const UpdatingRetry = meta.story({
  ...updating('changingQuantity').input,
  parameters: {
    ...withDetails({ updatingItem: { retry: 'changingQuantity' } }, { operation: updateOperation }),
    machineStates: ['cart.updatingItem.retry.choosing'],
  },
});
export const UpdatingRetryRefreshing = meta.story({
  ...updating('refreshing').input,
  parameters: withDetails({ updatingItem: { retry: 'refreshing' } }, { operation: updateOperation }),
});
export const EditingRetryReplacesLine = meta.story({
  ...updating('replacing').input,
  parameters: withDetails({ updatingItem: { retry: 'replacing' } }, { operation: editOperation }),
});
/** The update's answer was lost; the cart is read to learn whether it took, and the wait stays on screen. */
export const UpdatingAnswerLost = updating('checking');
export const UpdatingRetryAnswerLost = meta.story({
  ...updating('checking').input,
  parameters: withDetails({ updatingItem: { retry: 'checking' } }, { operation: updateOperation }),
});

export const Removing = meta.story({
  parameters: withDetails({ removingItem: 'mutating' }, { operation: { kind: 'removeItem', itemUid: auroraLine.uid } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Updating your cart…')).toBeVisible();
  },
});
export const RemovingRefreshing = meta.story({
  ...Removing.input,
  parameters: withDetails({ removingItem: 'refreshing' }, { operation: { kind: 'removeItem', itemUid: auroraLine.uid } }),
});
/** The removal's answer was lost; the cart is read to learn whether the line is gone. */
export const RemovingAnswerLost = meta.story({
  ...Removing.input,
  parameters: withDetails({ removingItem: 'checking' }, { operation: { kind: 'removeItem', itemUid: auroraLine.uid } }),
});

export const UpdateFailed = meta.story({
  parameters: withDetails('ready', { errors: { updateItem: { message: 'The requested qty exceeds the maximum qty allowed in shopping cart' } } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The requested qty exceeds the maximum qty allowed in shopping cart');
    await expect(await canvas.findByRole('link', { name: 'Aurora Cat-Eye' })).toBeVisible();
  },
});

const recovering = (value: string) =>
  meta.story({
    parameters: withDetails({ recovering: value }, { operation: updateOperation }),
    play: async ({ canvasElement }) => {
      await expect(await within(canvasElement).findByText('Your cart had expired. Setting up a new one and trying again…')).toBeVisible();
    },
  });
export const RecoveringCreatesCart = recovering('creatingCart');
export const RecoveringRefetches = recovering('refetching');
export const RecoveringAwaitsSignOut = recovering('awaitingSignOut');
export const RecoveringChoosesAndRetries = meta.story({
  ...recovering('creatingCart').input,
  parameters: {
    ...withDetails({ recovering: 'creatingCart' }, { operation: updateOperation }),
    machineStates: ['cart.recovering.choosing', 'cart.recovering.retrying'],
  },
});

const merging = (value: string) =>
  meta.story({
    parameters: withDetails({ merging: value }, { mergeSourceCartId: 'guest-cart', mergeDestinationCartId: value === 'mergingCarts' ? 'customer-cart' : null }),
    play: async ({ canvasElement }) => {
      await expect(await within(canvasElement).findByText('Adding the items you chose as a guest to your account’s cart…')).toBeVisible();
    },
  });
export const MergingFindsCustomerCart = merging('findingCustomerCart');
export const MergingCarts = merging('mergingCarts');
/** The merge's answer was lost; the guest cart is looked for to learn whether it was merged. */
export const MergingAnswerLost = merging('checkingMerge');

export const EditingColourAndSize = meta.story({
  parameters: withDetails('ready', { editingItem: auroraLine }),
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Edit Aurora Cat-Eye' });
    const colour = await within(dialog).findByRole('combobox', { name: 'Colour' });
    await expect(colour).toHaveValue('50');
    await expect(await within(dialog).findByRole('button', { name: 'Update cart' })).toBeEnabled();
  },
});
