import preview from '../../../.storybook/preview';
import { expect, userEvent, within } from 'storybook/test';
import type { MachineStory } from '../shared/stories/story-parameters';
import type { Address, CheckoutShippingMethod } from '../../machines/checkout/checkout.types';
import { auroraLine, cartWithAurora } from '../shared/stories/cart-story-data';
import { cartChangesOf, reviewedCartOf } from '../../machines/checkout/cart-changes';
import { Route, Routes, useLocation } from 'react-router-dom';
import { CheckoutPage } from './checkout-page';
import { ShopFailure } from '../../machines/shared/shop-failure';

/** Checkout (spec §2 "Checkout flow", §4 "Checkout"): each step editing, submitting and rejected, then the receipt. */
const meta = preview.meta({
  title: 'Checkout/Checkout page',
  component: CheckoutPage,
});

const address: Address = {
  firstname: 'Marie',
  lastname: 'Curie',
  street: ['1 Rue Lumière'],
  city: 'Montréal',
  region_code: 'QC',
  region_id: 76,
  region: 'Quebec',
  postcode: 'H2X 1Y4',
  country_id: 'CA',
  telephone: '5145550100',
  email: 'marie.curie@example.com',
};
const flatRate: CheckoutShippingMethod = {
  carrier_code: 'flatrate',
  carrier_title: 'Standard shipping',
  method_code: 'flatrate',
  method_title: 'Tracked parcel',
  amount: { currency: 'CAD', value: 6.85 },
  delivery_days: { min: 5, max: 7 },
  code: 'flatrate',
  title: 'Standard shipping',
};
const countries = [{ id: 'CA', available_regions: [{ id: 76, code: 'QC', name: 'Quebec' }] }];
const base = { cartId: 'story-cart-id', isSignedIn: false, countries };

const checkoutIn = (checkout: MachineStory) => ({
  shop: { route: '/checkout', machines: { cart: { value: 'ready', context: { details: cartWithAurora } }, checkout } },
});
const body = (canvasElement: HTMLElement) => within(canvasElement);

/** What the REST client rejects with (spec §8: the full text), as a step receives it; the step shows only the shop's words. */
const restRefusal = (status: number, serverMessage: string, resource = 'payment-information') =>
  Object.assign(new Error(`POST /rest/ca/V1/guest-carts/story-cart-id/${resource} responded ${status} Bad Request: ${serverMessage}`), {
    status,
    serverMessage,
  });

export const ShippingAddressEditing = meta.story({
  parameters: checkoutIn({ value: { shippingAddress: 'editing' }, context: base }),
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByRole('heading', { name: /Shipping address/ })).toBeVisible();
    await expect(await canvas.findByLabelText('Email')).toBeVisible();
    await expect(await canvas.findByRole('option', { name: 'Canada' })).toBeInTheDocument();
    await expect(await canvas.findByRole('button', { name: 'Continue to shipping method' })).toBeEnabled();
  },
});

export const ShippingAddressOnPhone = meta.story({ ...ShippingAddressEditing.input, globals: { viewport: { value: 'phone' } } });

export const ShippingAddressSubmitting = meta.story({
  parameters: checkoutIn({ value: { shippingAddress: 'submitting' }, context: { ...base, pendingShippingAddress: address } }),
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    await expect(await canvas.findByLabelText('Street address')).toHaveValue('1 Rue Lumière');
  },
});

/** The address's answer was lost; the cart's shipping is read to learn whether it was saved, what was typed kept. */
export const ShippingAddressAnswerLost = meta.story({
  ...ShippingAddressSubmitting.input,
  parameters: checkoutIn({ value: { shippingAddress: 'checking' }, context: { ...base, pendingShippingAddress: address } }),
});

export const ShippingAddressRejected = meta.story({
  parameters: checkoutIn({
    value: { shippingAddress: 'editing' },
    context: { ...base, pendingShippingAddress: address, shippingAddressError: new ShopFailure('emailMissing') },
  }),
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByText('Missing required information: email')).toBeVisible();
    // What was typed is kept.
    await expect(await canvas.findByLabelText('First name')).toHaveValue('Marie');
  },
});

export const ShippingAddressCheckingEmail = meta.story({
  parameters: checkoutIn({ value: { shippingAddress: { editing: 'checkingEmail' } }, context: { ...base, pendingShippingAddress: address } }),
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByLabelText('Email')).toBeVisible();
    await expect(await canvas.findByText('Your order confirmation is sent here.')).toBeVisible();
  },
});

/** Spec §6: a guest email that already has an account gets a sign-in hint next to the field (and a toast). */
export const ShippingAddressEmailHasAccount = meta.story({
  parameters: checkoutIn({
    value: { shippingAddress: { editing: 'emailHasAccount' } },
    context: { ...base, pendingShippingAddress: address, emailWithAccount: 'marie.curie@example.com' },
  }),
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'marie.curie@example.com already has an account. Sign in to use your saved addresses, or continue as a guest.',
    );
    await expect(await canvas.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  },
});

export const ShippingAddressEmailFree = meta.story({
  parameters: checkoutIn({ value: { shippingAddress: { editing: 'emailFree' } }, context: { ...base, pendingShippingAddress: address } }),
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByText('Your order confirmation is sent here.')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Sign in' })).toBeNull();
  },
});

export const ShippingMethodChoosing = meta.story({
  // `entering` passes straight on to choosing when the methods are known (to loading them otherwise).
  parameters: {
    ...checkoutIn({ value: { shippingMethod: 'choosing' }, context: { ...base, shippingAddress: address, availableShippingMethods: [flatRate] } }),
    machineStates: ['checkout.shippingMethod.entering'],
  },
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByRole('radio', { name: /Standard shipping — Tracked parcel/ })).toBeChecked();
    // The design system's stepper marks the step the shopper is on.
    const stepper = await canvas.findByRole('navigation', { name: 'Checkout steps' });
    await expect(within(stepper).getByText('Shipping method').closest('li')).toHaveAttribute('aria-current', 'step');
    // Each method says when it arrives (the backend's estimate).
    await expect(await canvas.findByText('Arrives in 5–7 working days')).toBeVisible();
    await expect(await canvas.findByText('1 Rue Lumière')).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Change shipping address' }));
    await expect(await canvas.findByLabelText('Street address')).toHaveValue('1 Rue Lumière');
  },
});

/** ADR 040: over the store view's free-shipping subtotal, the one standard parcel costs nothing and says so in words. */
export const ShippingMethodFreeParcel = meta.story({
  parameters: checkoutIn({
    value: { shippingMethod: 'choosing' },
    context: { ...base, shippingAddress: address, availableShippingMethods: [{ ...flatRate, amount: { currency: 'CAD', value: 0 } }] },
  }),
  play: async ({ canvasElement }) => {
    const parcel = await body(canvasElement).findByRole('radio', { name: /Standard shipping — Tracked parcel/ });
    await expect(parcel).toHaveAccessibleName(/Tracked parcel\s*Free/);
    await expect(parcel).not.toHaveAccessibleName(/0\.00/);
  },
});

export const ShippingMethodsLoading = meta.story({
  parameters: checkoutIn({ value: { shippingMethod: 'loadingMethods' }, context: { ...base, shippingAddress: address } }),
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText('Loading shipping methods…')).toBeVisible();
  },
});

export const ShippingMethodSubmitting = meta.story({
  parameters: checkoutIn({
    value: { shippingMethod: 'submitting' },
    context: { ...base, shippingAddress: address, availableShippingMethods: [flatRate], pendingShippingMethod: flatRate },
  }),
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('button', { name: 'Saving…' })).toBeDisabled();
  },
});

/** The method's answer was lost; the cart's shipping is read to learn whether it was set. */
export const ShippingMethodAnswerLost = meta.story({
  ...ShippingMethodSubmitting.input,
  parameters: checkoutIn({
    value: { shippingMethod: 'checking' },
    context: { ...base, shippingAddress: address, availableShippingMethods: [flatRate], pendingShippingMethod: flatRate },
  }),
});

export const ShippingMethodRejected = meta.story({
  parameters: checkoutIn({
    value: { shippingMethod: 'choosing' },
    context: {
      ...base,
      shippingAddress: address,
      availableShippingMethods: [flatRate],
      shippingMethodError: restRefusal(400, 'The shipping method is missing.', 'shipping-information'),
    },
  }),
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText(/The shipping method is missing/)).toBeVisible();
  },
});

const paymentContext = { ...base, shippingAddress: address, availableShippingMethods: [flatRate], selectedShippingMethod: flatRate };

export const BillingAndPaymentEditing = meta.story({
  parameters: checkoutIn({ value: { billingAndPayment: 'editing' }, context: paymentContext }),
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByRole('radio', { name: /Check \/ Money order/ })).toBeChecked();
    await expect(await canvas.findByRole('checkbox', { name: 'My billing address is the same as my shipping address' })).toBeChecked();
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'My billing address is the same as my shipping address' }));
    await expect(await canvas.findByRole('heading', { name: 'Billing address' })).toBeVisible();
  },
});

export const BillingAndPaymentRejected = meta.story({
  parameters: {
    ...checkoutIn({
      value: { billingAndPayment: 'editing' },
      context: { ...paymentContext, paymentMethodError: new ShopFailure('cartIdMissing') },
    }),
    machineStates: ['checkout.billingAndPayment.accepted'],
  },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText('Missing required information: cartId')).toBeVisible();
  },
});

const reviewContext = { ...paymentContext, billingAddress: { ...address, sameAsShippingAddress: true }, paymentCode: 'checkmo' };

export const ReviewReady = meta.story({
  parameters: checkoutIn({ value: { review: 'ready' }, context: reviewContext }),
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Place order' })).toBeEnabled();
    await expect(await canvas.findByText('Check / Money order')).toBeVisible();
    // The review shows what was chosen as summary blocks (h3 under the step's h2), each
    // with a "Change …" button named after what it changes; the order summary is one too.
    const review = await canvas.findByRole('region', { name: /Place your order/ });
    for (const title of ['Shipping address', 'Shipping method', 'Billing and payment']) {
      await expect(within(review).getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    await expect(within(review).getByText('1 Rue Lumière')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Your items' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Edit cart' })).toBeVisible();
    await userEvent.click(within(review).getByRole('button', { name: 'Change shipping method' }));
    await expect(await canvas.findByRole('radio', { name: /Standard shipping — Tracked parcel/ })).toBeChecked();
  },
});

/**
 * ADR 039: the cart was busy with a call (an add from the mini cart) when the review asked it for its
 * details: the review asks again shortly; meanwhile it shows the cart and the order can be placed.
 */
/** The cart busy adding a frame from the mini cart. */
const cartBusyAdding = {
  value: { addingItem: 'mutating' },
  context: { details: cartWithAurora, operation: { kind: 'addItem', item: { sku: 'LN1001-BLK-M', quantity: 1 } } },
};
export const ReviewCartBusy = meta.story({
  parameters: {
    shop: {
      route: '/checkout',
      machines: {
        cart: cartBusyAdding,
        checkout: { value: { review: { ready: 'cartBusy' } }, context: { ...reviewContext, cartReadAttempts: 1 } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Place order' })).toBeEnabled();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Your items' })).toBeVisible();
  },
});

/**
 * ADR 039: "Place order" pressed while the review still asks the cart for its details: the order is
 * held until the cart answers, and the page shows it being placed (no second press).
 */
export const ReviewOrderHeldForCart = meta.story({
  parameters: checkoutIn({ value: { review: { ready: { readingCart: 'orderHeld' } } }, context: { ...reviewContext, orderAwaitsCart: true } }),
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('button', { name: 'Placing your order…' })).toBeDisabled();
    // Spec §4: nothing changes an order being placed.
    await expect(body(canvasElement).getByRole('button', { name: 'Change shipping address' })).toBeDisabled();
  },
});

/** ADR 039: the same while the cart is busy with a call: the order goes once the cart, asked again, answers. */
export const ReviewOrderHeldForBusyCart = meta.story({
  parameters: {
    shop: {
      route: '/checkout',
      machines: {
        cart: cartBusyAdding,
        checkout: { value: { review: { ready: { cartBusy: 'orderHeld' } } }, context: { ...reviewContext, cartReadAttempts: 1, orderAwaitsCart: true } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('button', { name: 'Placing your order…' })).toBeDisabled();
  },
});

export const ReviewWithHostedPayment = meta.story({
  parameters: checkoutIn({ value: { review: 'ready' }, context: { ...reviewContext, paymentCode: 'lunettepay_card' } }),
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('button', { name: 'Place order and pay' })).toBeEnabled();
  },
});

export const ReviewPlacingHostedOrder = meta.story({
  parameters: checkoutIn({ value: { review: 'placingHostedOrder' }, context: { ...reviewContext, paymentCode: 'lunettepay_wallet' } }),
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('button', { name: 'Placing your order…' })).toBeDisabled();
  },
});

/** The order is placed and the cart removed: the shopper is on the way to the provider, not shown an empty cart. */
export const RedirectingToProvider = meta.story({
  parameters: {
    shop: {
      route: '/checkout',
      machines: {
        cart: { value: 'ready', context: { details: { ...cartWithAurora, items: [] } } },
        checkout: {
          value: 'redirecting',
          context: { ...reviewContext, paymentCode: 'lunettepay_wallet', hostedPayment: { orderNumber: '000000042', paymentUrl: 'https://pay.example/' } },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Taking you to the payment page…');
    await expect(canvas.queryByText('There are no items in your cart.')).toBeNull();
  },
});

export const ReviewSubmitting = meta.story({
  parameters: checkoutIn({ value: { review: 'submitting' }, context: reviewContext }),
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('button', { name: 'Placing your order…' })).toBeDisabled();
    await expect(body(canvasElement).getByRole('button', { name: 'Change billing and payment' })).toBeDisabled();
  },
});

/** The shop's own explanation is shown; the request's method, address and status are not. */
export const ReviewRejected = meta.story({
  parameters: checkoutIn({
    value: { review: 'ready' },
    context: { ...reviewContext, orderError: restRefusal(400, 'The requested Payment Method is not available.') },
  }),
  play: async ({ canvasElement }) => {
    const alert = await body(canvasElement).findByText('The requested Payment Method is not available.');
    await expect(alert).toBeVisible();
    await expect(alert.textContent).not.toMatch(/POST|rest|400|story-cart-id/);
  },
});

/**
 * ADR 039: the order was refused because the cart changed since the review (another device added
 * Milo Round): the review shows the cart as it is now and says what changed, and that nothing was ordered.
 */
const reviewedCart = { ...reviewedCartOf(cartWithAurora)!, digest: 'as-reviewed' };
const cartWithMilo = {
  ...cartWithAurora,
  total_quantity: 2,
  items: [auroraLine, { ...auroraLine, uid: 'milo-line', product: { ...auroraLine.product, uid: 'milo', name: 'Milo Round', sku: 'LN2002' } }],
  prices: { ...cartWithAurora.prices, grand_total: { currency: 'CAD', value: 356.41 } },
  lunette_review_digest: 'changed-elsewhere',
};
export const ReviewCartChanged = meta.story({
  parameters: {
    shop: {
      route: '/checkout',
      machines: {
        cart: { value: 'ready', context: { details: cartWithMilo } },
        // The cart answered the review's request after the refusal: the cart as it is now.
        checkout: {
          value: { review: { ready: 'cartRead' } },
          context: {
            ...reviewContext,
            cartDetails: cartWithMilo,
            orderError: new ShopFailure('cartChangedSinceReview'),
            reviewedCart,
            cartChanges: cartChangesOf(reviewedCart, reviewedCartOf(cartWithMilo)!),
          },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'Since you reviewed it:Milo Round (quantity 1) was added.The total went from $210.98 to $356.41.Nothing was ordered: check the cart and place the order again.',
    );
    await expect(await canvas.findByRole('button', { name: 'Place order' })).toBeEnabled();
  },
});

/** The order's answer was lost: the backend is asked whether the cart became an order. */
export const ReviewConfirmingOrder = meta.story({
  parameters: checkoutIn({ value: { review: 'confirmingOrder' }, context: { ...reviewContext, unconfirmedOrderError: new TypeError('Failed to fetch') } }),
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByText('Checking whether your order went through…')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Checking…' })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Place order' })).toBeNull();
  },
});

/** A card order's answer was lost: the backend is asked whether it was placed, and where it is paid. */
export const ReviewConfirmingHostedOrder = meta.story({
  parameters: checkoutIn({
    value: { review: 'confirmingHostedOrder' },
    context: { ...reviewContext, paymentCode: 'lunettepay_card', unconfirmedOrderError: new TypeError('Failed to fetch') },
  }),
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByText('Checking whether your order went through…')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Place order' })).toBeNull();
    await expect(canvasElement.textContent).not.toMatch(/Failed to fetch/);
  },
});

/** The backend could not be asked: check again, never order again. */
export const ReviewOrderUnconfirmed = meta.story({
  parameters: checkoutIn({ value: { review: 'unconfirmed' }, context: { ...reviewContext, unconfirmedOrderError: new TypeError('Failed to fetch') } }),
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByText("We couldn't confirm your order yet. Please don't order again: check again in a moment.")).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Check again' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Place order' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /^Edit/ })).toBeNull();
  },
});

export const Restoring = meta.story({
  parameters: { ...checkoutIn({ value: 'restoring', context: base }), machineStates: ['checkout.resuming'] },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText('Loading your cart…')).toBeInTheDocument();
  },
});

export const ReceiptForGuest = meta.story({
  parameters: {
    ...checkoutIn({ value: { receipt: 'here' }, context: { ...base, receipt: { order: { id: '7', shipping_address: address } } } }),
    machineStates: ['checkout.receipt.deciding'],
  },
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/create-account?email=marie.curie%40example.com&firstName=Marie&lastName=Curie',
    );
  },
});

export const ReceiptOnPhone = meta.story({ ...ReceiptForGuest.input, globals: { viewport: { value: 'phone' } } });

/** The order's answer was lost and the backend confirmed a guest's order without naming it. */
export const ReceiptConfirmedWithoutNumber = meta.story({
  parameters: checkoutIn({ value: { receipt: 'here' }, context: { ...base, receipt: { order: { id: null, shipping_address: address } } } }),
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(await canvas.findByText(/Your order was placed. The confirmation is on its way to/)).toHaveTextContent('marie.curie@example.com');
    await expect(canvas.queryByText(/Your order number is/)).toBeNull();
  },
});

/** Spec §2 /success: the order just placed is being named, so the receipt gets an address of its own. */
export const ReceiptNamingOrder = meta.story({
  parameters: checkoutIn({ value: { receipt: 'addressing' }, context: { ...base, receipt: { order: { id: '7', shipping_address: address } } } }),
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(await canvas.findByText('Loading your order…')).toBeInTheDocument();
  },
});

/** Stories only: where the receipt went, and whether a proof came with it in the history state (never in the URL). */
function ReceiptAddressStandIn() {
  const location = useLocation();
  const state = location.state as { orderToken?: string } | null;
  return (
    <main>
      <h1>Receipt page</h1>
      <p>Address: {location.pathname + location.search}</p>
      <p>{state?.orderToken ? 'The order token is in the history state.' : 'No order token.'}</p>
    </main>
  );
}

/** Spec §2 /success: named, the receipt is at /success?order=<number>; a reload keeps it (the guest's order token rides in the history state). */
export const ReceiptAddressed = meta.story({
  parameters: checkoutIn({
    value: { receipt: 'addressed' },
    context: {
      ...base,
      receipt: { order: { id: '7', shipping_address: address } },
      receiptAddress: { orderNumber: '000000007', orderToken: 'story-order-token' },
    },
  }),
  render: () => (
    <Routes>
      <Route path="/checkout" element={<CheckoutPage />} />
      <Route path="/success" element={<ReceiptAddressStandIn />} />
    </Routes>
  ),
  play: async ({ canvasElement }) => {
    const canvas = body(canvasElement);
    await expect(await canvas.findByText('Address: /success?order=000000007')).toBeVisible();
    await expect(await canvas.findByText('The order token is in the history state.')).toBeVisible();
  },
});

export const EmptyCart = meta.story({
  parameters: {
    shop: { route: '/checkout', machines: { cart: { value: 'ready', context: { details: { ...cartWithAurora, items: [] } } }, checkout: { value: 'idle' } } },
  },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText('There are no items in your cart.')).toBeVisible();
  },
});
