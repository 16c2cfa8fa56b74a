import type { APIRequestContext, BrowserContext, Locator, Page, Request } from '@playwright/test';
import { expect } from '../e2e/helpers/test';
import { cartReadyToPay, gql, onCartPage } from '../e2e/helpers/checkout-setup';
import {
  AURORA_TORTOISE,
  createCustomerWithAddress,
  customerTokenOf,
  fillAddress,
  putAuroraInCart,
  SEED_PASSWORD,
  signInWithToken,
} from '../e2e/helpers/shop-session';
import type { Counts } from './backend-counts';
import type { ShopServer } from './shop-server';

/** One case: its browser context and page, the API, the server, and the shopper it plays. */
export interface Case {
  page: Page;
  context: BrowserContext;
  request: APIRequestContext;
  shop: ShopServer;
  /** The shopper's email (a fresh one per case: mails and orders are counted by it). */
  email: string;
  /** The cart the case counts: a guest cart's id, or a customer's token. */
  cart: { cartId?: string | null; token?: string };
}

/** A mutation of a main journey, the click that sends it, and what the backend holds before and after it. */
export interface Journey {
  id: string;
  name: string;
  /** The request the faults hit. */
  target: (request: Request) => boolean;
  /** Sets the case up (through the API where it can) and leaves the page where the shopper clicks. */
  prepare(c: Case): Promise<void>;
  control(page: Page): Locator;
  /** Resolves once the page shows the mutation took effect. */
  done(page: Page): Promise<void>;
  /** The journey's own truth in the backend ('-' when it did not happen). */
  state(c: Case): Promise<string>;
  before: Counts;
  after: Counts;
  /** Faults (by id) this journey is known to fail today, and why: the case is marked `test.fail()`. */
  knownFailures?: Record<string, string>;
  /** Faults (by id) whose case hangs past any time limit today: marked `test.fixme()` (skipped) until diagnosed. */
  knownHangs?: Record<string, string>;
  /** Only these faults (by id), when the others meet a path another journey already covers; all when absent. */
  faults?: string[];
}

const postBody = (request: Request): { operationName?: string } | null => {
  try {
    return request.postDataJSON() as { operationName?: string } | null;
  } catch {
    return null;
  }
};

/** A GraphQL mutation of one of these names. */
const graphql =
  (...names: string[]) =>
  (request: Request) =>
    request.method() === 'POST' && new URL(request.url()).pathname === '/graphql' && names.includes(postBody(request)?.operationName ?? '');
/** A REST call whose path ends so. */
const rest = (ending: string) => (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname.endsWith(ending);

const storedCartId = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('cartId_ca');
    return raw ? (JSON.parse(raw) as { value: string }).value : null;
  });

const cartButton = (page: Page, items: number) => page.getByRole('button', { name: `Cart, ${items} item${items === 1 ? '' : 's'}` });

/** A guest cart with the Aurora Cat-Eye, its page open. */
async function cartWithAurora(c: Case) {
  await onCartPage(c.page);
  await putAuroraInCart(c.page);
  c.cart = { cartId: await storedCartId(c.page) };
  await onCartPage(c.page);
  await expect(c.page.getByLabel('Quantity of Aurora Cat-Eye')).toHaveValue('1');
}

/** The case's cart in the backend: its applied coupons, shipping address and method. */
async function cartFacts(c: Case) {
  const { cart } = await gql<{
    cart: {
      applied_coupons: { code: string }[] | null;
      shipping_addresses: { street: string[]; selected_shipping_method: { carrier_code: string } | null }[];
    };
  }>(
    c.request,
    'query ($c: String!) { cart(cart_id: $c) { applied_coupons { code } shipping_addresses { street selected_shipping_method { carrier_code } } } }',
    { c: c.cart.cartId },
  );
  return cart;
}

/** The checkout with the guest's email and address typed in. */
async function addressTyped(c: Case) {
  await cartWithAurora(c);
  await c.page.goto('/ca/checkout');
  await c.page.getByLabel('Email').fill(c.email);
  await fillAddress(c.page);
}

/** A guest cart ready to pay by `payment`, the checkout open at its review. */
async function checkoutReview(c: Case, payment: string) {
  await onCartPage(c.page);
  c.cart = { cartId: await cartReadyToPay(c.page, c.request, { email: c.email, payment }) };
  await c.page.goto('/ca/checkout');
}

/**
 * The case's customer's wishlist as the backend holds it: each item's frame and quantity
 * (`LN1001×1`), '-' when empty. A duplicate shows as a second item or a quantity of 2.
 */
async function wishlistFacts(c: Case): Promise<string> {
  const token = await customerTokenOf(c.request, c.email);
  const { customer } = await gql<{ customer: { wishlists: { items_v2: { items: { quantity: number; product: { sku: string } }[] } }[] } }>(
    c.request,
    '{ customer { wishlists { items_v2 { items { quantity product { sku } } } } } }',
    {},
    token,
  );
  const items = customer.wishlists.flatMap((w) => w.items_v2.items);
  return items.map((i) => `${i.product.sku}×${i.quantity}`).join(' ') || '-';
}

/** A customer of the case's own (the case's email, Ada's address) and their bearer token. */
async function customerWithToken(c: Case, firstname: string): Promise<string> {
  await createCustomerWithAddress(c.request, firstname, c.email);
  return customerTokenOf(c.request, c.email);
}

/** A customer of the case's own, signed in, with the Aurora Cat-Eye in tortoise M chosen on its product page. */
async function auroraTortoiseChosen(c: Case, { signedIn }: { signedIn: boolean }) {
  if (signedIn) await signInWithToken(c.page, await customerWithToken(c, 'Wanda'));
  else await createCustomerWithAddress(c.request, 'Wanda', c.email);
  await c.page.goto('/ca/aurora-cat-eye.html');
  await expect(c.page.getByRole('heading', { level: 1, name: 'Aurora Cat-Eye' })).toBeVisible();
  await c.page.getByRole('radio', { name: 'Tortoise' }).check();
  await c.page.getByRole('radio', { name: 'M', exact: true }).check();
}

/** The product page's word that the frame on screen is saved (the heart's state, true to the server). */
const savedToWishlist = (page: Page) => expect(page.getByRole('main').getByText('Saved to your wishlist', { exact: true })).toBeVisible({ timeout: 20_000 });

const receipt = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: /^Place order/ })).toHaveCount(0);
};

/**
 * An offline order's receipt (ADR 027): its own page (/success) or, when the order could not be
 * looked up there, the checkout page's fallback; either way the order number and the words for a
 * placed order, never a spinner ("Loading your order…") the shopper is left with. The machine
 * gives up looking after a bounded time (checkout.after-order.ts), hence the long wait.
 */
const placedOrderReceipt = async (page: Page) => {
  await receipt(page);
  await expect(page.getByText(/^(Your order number is #\d+\.|Your order was placed\.)/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/^(Loading your order…|Looking up your order…)$/)).toHaveCount(0, { timeout: 30_000 });
};

const cart = (lines: number, qty = lines): Pick<Counts, 'lines' | 'qty'> => ({ lines, qty });
/** The Aurora Cat-Eye saved once (the parent frame's sku: Magento's wishlist item names the configurable). */
const AURORA_SAVED = `${AURORA_TORTOISE.parentSku}×1`;
const nothing = { orders: 0, emails: 0, state: '-' };

/**
 * The main journeys' mutations, most valuable first. Carts and checkouts are prepared
 * through the GraphQL API as the shop would leave them (tests/e2e/helpers/checkout-setup.ts); the
 * shopper's click is the browser's.
 */
export const JOURNEYS: Journey[] = [
  {
    id: 'place-order-checkmo',
    name: 'place order (check / money order)',
    target: rest('/payment-information'),
    prepare: (c) => checkoutReview(c, 'checkmo'),
    control: (page) => page.getByRole('button', { name: 'Place order' }),
    done: placedOrderReceipt,
    state: async () => '-',
    before: { ...cart(1), ...nothing },
    after: { ...cart(0), orders: 1, emails: 1, state: '-' },
  },
  {
    id: 'add-to-cart',
    name: 'add to cart (lens wizard)',
    target: graphql('AddToCart', 'AddProductToCart'),
    async prepare(c) {
      const { page } = c;
      await page.goto('/ca/customize/aurora-cat-eye');
      await page.getByRole('radio', { name: 'Black' }).check();
      await page.getByRole('radio', { name: 'M', exact: true }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('radio', { name: /Non-prescription/ }).check();
      for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
      await expect.poll(() => storedCartId(page)).not.toBeNull();
      c.cart = { cartId: await storedCartId(page) };
    },
    control: (page) => page.getByRole('button', { name: 'Add to cart' }),
    done: (page) => expect(cartButton(page, 1)).toBeVisible({ timeout: 20_000 }),
    state: async () => '-',
    before: { ...cart(0), ...nothing },
    after: { ...cart(1), ...nothing },
  },
  {
    id: 'update-line',
    name: 'update a line (quantity +1)',
    target: graphql('UpdateCartItem', 'ReplaceCartItem'),
    prepare: cartWithAurora,
    control: (page) => page.getByRole('button', { name: 'Increase quantity' }),
    done: (page) => expect(page.getByLabel('Quantity of Aurora Cat-Eye')).toHaveValue('2', { timeout: 20_000 }),
    state: async () => '-',
    before: { ...cart(1), ...nothing },
    after: { ...cart(1, 2), ...nothing },
  },
  {
    id: 'remove-line',
    name: 'remove a line',
    target: graphql('RemoveItemFromCart'),
    prepare: cartWithAurora,
    control: (page) => page.getByRole('button', { name: 'Remove Aurora Cat-Eye' }),
    done: (page) => expect(cartButton(page, 0)).toBeVisible({ timeout: 20_000 }),
    state: async () => '-',
    before: { ...cart(1), ...nothing },
    after: { ...cart(0), ...nothing },
  },
  {
    id: 'apply-coupon',
    name: 'apply a coupon',
    target: graphql('ApplyCouponToCart'),
    async prepare(c) {
      await cartWithAurora(c);
      await c.page.getByLabel('Coupon code').fill('WELCOME10');
    },
    control: (page) => page.getByRole('button', { name: 'Apply' }),
    done: (page) =>
      expect(
        page
          .getByRole('main')
          .getByText(/WELCOME10/)
          .first(),
      ).toBeVisible({ timeout: 20_000 }),
    state: async (c) => (await cartFacts(c)).applied_coupons?.map((x) => x.code).join() || '-',
    before: { ...cart(1), ...nothing },
    after: { ...cart(1), orders: 0, emails: 0, state: 'WELCOME10' },
  },
  {
    id: 'shipping-address',
    name: 'set the shipping address',
    target: graphql('SetShippingAddress'),
    prepare: addressTyped,
    control: (page) => page.getByRole('button', { name: 'Continue to shipping method' }),
    done: (page) => expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible({ timeout: 20_000 }),
    state: async (c) => (await cartFacts(c)).shipping_addresses[0]?.street.join(' ') ?? '-',
    before: { ...cart(1), ...nothing },
    after: { ...cart(1), orders: 0, emails: 0, state: '1 Rue Lumière' },
  },
  {
    id: 'shipping-method',
    name: 'set the shipping method',
    target: rest('/shipping-information'),
    async prepare(c) {
      await addressTyped(c);
      await c.page.getByRole('button', { name: 'Continue to shipping method' }).click();
      await expect(c.page.getByRole('radio').first()).toBeVisible();
    },
    control: (page) => page.getByRole('button', { name: 'Continue to payment' }),
    done: (page) => expect(page.getByRole('radio', { name: /Check \/ Money order/ })).toBeVisible({ timeout: 20_000 }),
    state: async (c) => (await cartFacts(c)).shipping_addresses[0]?.selected_shipping_method?.carrier_code ?? '-',
    before: { ...cart(1), ...nothing },
    // The step proposes the cheapest method the cart may use: the one standard parcel, free over the view's subtotal (ADR 040).
    after: { ...cart(1), orders: 0, emails: 0, state: 'flatrate' },
  },
  {
    id: 'place-order-hosted',
    name: 'place order (hosted payment)',
    target: graphql('PlaceHostedOrder'),
    prepare: (c) => checkoutReview(c, 'lunettepay_card'),
    control: (page) => page.getByRole('button', { name: 'Place order and pay' }),
    // The shopper is on the provider's page, with the one order placed waiting for payment.
    done: (page) => expect(page.getByRole('button', { name: 'Approve payment' })).toBeVisible({ timeout: 20_000 }),
    state: async () => '-',
    before: { ...cart(1), ...nothing },
    after: { ...cart(0), orders: 1, emails: 0, state: '-' },
  },
  {
    id: 'create-account',
    name: 'create an account from the receipt',
    target: graphql('CreateAccount'),
    async prepare(c) {
      await checkoutReview(c, 'checkmo');
      await c.page.getByRole('button', { name: 'Place order' }).click();
      await receipt(c.page);
      await c.page.getByRole('link', { name: 'Create an account' }).click();
      await expect(c.page.getByLabel('Email')).toHaveValue(c.email);
      await c.page.getByLabel('Password').fill(SEED_PASSWORD);
    },
    control: (page) => page.getByRole('button', { name: 'Create account' }),
    done: (page) => expect(page.getByRole('heading', { name: 'Account information', level: 1 })).toBeVisible({ timeout: 20_000 }),
    state: async (c) =>
      customerTokenOf(c.request, c.email).then(
        () => 'account',
        () => '-',
      ),
    before: { ...cart(0), orders: 1, emails: 1, state: '-' },
    after: { ...cart(0), orders: 1, emails: 1, state: 'account' },
  },
  {
    id: 'sign-in-merge',
    name: 'sign in, guest cart merged',
    target: graphql('MergeCartsAfterSignIn'),
    async prepare(c) {
      const token = await customerWithToken(c, 'Merge');
      const { customerCart } = await gql<{ customerCart: { id: string } }>(c.request, '{ customerCart { id } }', {}, token);
      await gql(
        c.request,
        'mutation ($c: String!, $s: String!, $p: String!, $o: [ID!]) { addProductsToCart(cartId: $c, cartItems: [{ sku: $s, parent_sku: $p, quantity: 1, selected_options: $o }]) { user_errors { message } } }',
        { c: customerCart.id, s: AURORA_TORTOISE.sku, p: AURORA_TORTOISE.parentSku, o: AURORA_TORTOISE.options },
        token,
      );
      await cartWithAurora(c);
      c.cart = { token };
      await c.page.goto('/ca/sign-in');
      await c.page.getByLabel('Email').fill(c.email);
      await c.page.getByLabel('Password').fill(SEED_PASSWORD);
    },
    control: (page) => page.getByRole('main').getByRole('button', { name: 'Sign in' }),
    done: (page) => expect(cartButton(page, 2)).toBeVisible({ timeout: 20_000 }),
    state: async () => '-',
    // The customer's cart: their own line, then the guest's line merged into it.
    before: { ...cart(1), ...nothing },
    after: { ...cart(2), ...nothing },
  },
  {
    id: 'wishlist-add',
    name: 'save a frame to the wishlist (customer)',
    target: graphql('AddProductToWishlist'),
    prepare: (c) => auroraTortoiseChosen(c, { signedIn: true }),
    control: (page) => page.getByRole('button', { name: 'Add to wishlist' }),
    done: savedToWishlist,
    state: wishlistFacts,
    before: { ...cart(0), ...nothing },
    after: { ...cart(0), orders: 0, emails: 0, state: AURORA_SAVED },
  },
  {
    id: 'wishlist-remove',
    name: 'remove a frame from the wishlist',
    target: graphql('RemoveFromWishlist'),
    async prepare(c) {
      const token = await customerWithToken(c, 'Wanda');
      const { customer } = await gql<{ customer: { wishlists: { id: string }[] } }>(c.request, '{ customer { wishlists { id } } }', {}, token);
      await gql(
        c.request,
        'mutation ($w: ID!, $s: String!, $p: String, $o: [ID!]) { addProductsToWishlist(wishlistId: $w, wishlistItems: [{ sku: $s, parent_sku: $p, quantity: 1, selected_options: $o }]) { user_errors { message } } }',
        { w: customer.wishlists[0]!.id, s: AURORA_TORTOISE.sku, p: AURORA_TORTOISE.parentSku, o: AURORA_TORTOISE.options.slice(0, 2) },
        token,
      );
      await signInWithToken(c.page, token);
      await c.page.goto('/ca/wishlist');
      await c.page.getByRole('button', { name: 'Remove' }).click();
    },
    control: (page) => page.getByRole('button', { name: 'Yes, remove' }),
    done: (page) => expect(page.getByText('Your wishlist is empty. Save frames you like from their page.')).toBeVisible({ timeout: 20_000 }),
    state: wishlistFacts,
    before: { ...cart(0), orders: 0, emails: 0, state: AURORA_SAVED },
    after: { ...cart(0), ...nothing },
  },
  {
    id: 'wishlist-after-sign-in',
    name: "a guest's frame saved to the wishlist after sign-in",
    target: graphql('AddProductToWishlist'),
    // The save after sign-in is the customer's save (wishlist-add covers a refusal, an abort, offline):
    // here the faults that could lose it or make it twice while the sign-in goes on.
    faults: ['b', 'c', 'f'],
    async prepare(c) {
      await auroraTortoiseChosen(c, { signedIn: false });
      await c.page.getByRole('link', { name: 'Sign in to save this frame to your wishlist' }).click();
      await c.page.getByLabel('Email').fill(c.email);
      await c.page.getByLabel('Password').fill(SEED_PASSWORD);
    },
    control: (page) => page.getByRole('main').getByRole('button', { name: 'Sign in' }),
    done: savedToWishlist,
    state: wishlistFacts,
    before: { ...cart(0), ...nothing },
    after: { ...cart(0), orders: 0, emails: 0, state: AURORA_SAVED },
  },
];
