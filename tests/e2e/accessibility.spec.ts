import { expect, test, type Page } from './helpers/test';
import { ADA, customerTokenOf, fillAddress, navigateInApp, putAuroraInCart, signInWithToken, waitForShell } from './helpers/shop-session';
import { PHONE } from './helpers/phone-layout';
import { axeViolations, expectNoAxeViolations } from './helpers/axe';

/**
 * Accessibility of every route of spec §2 (axe finds no violation on any
 * route), in the production build at desktop and phone widths. On every page and every state of a
 * page a shopper reaches (a wizard step, a form): the whole page (header, drawers, footer included)
 * has no axe violation, there is exactly one h1, and the document title names the page; after an
 * in-app navigation, focus is on the page heading.
 *
 * The pages are visited in walks, as a shopper goes from one to the next: one page load a walk, then
 * in-app navigations and the steps of a flow, each page's checks a step of its own (`test.step`), the
 * axe check soft so that one walk reports every page that has a violation. A flow's states (the
 * lens wizard's steps, the checkout's) are checked as the shopper passes them, not each reached again
 * from a fresh page: the suite is CPU-bound on two cores, and a page load costs more than a check.
 */

interface Stop {
  name: string;
  /**
   * Where the in-app navigation goes (inside the ca store view); without one, the shopper carries on
   * from the stop before, on the same page (`reach`).
   */
  path?: string;
  /** The h1 right after the navigation (it must have focus). */
  heading?: string | RegExp;
  /** What the document title must contain; the h1 when omitted. */
  title?: string | RegExp;
  /** What the shopper does on the page to reach the state under test (a wizard step, a form). */
  reach?: (page: Page) => Promise<void>;
  /** The h1 once `reach` is done: the heading when omitted. */
  headingAfter?: string | RegExp;
  /** Its layout differs on a phone (the header's drawer, stacked columns, cards per eye): checked at 375 px too. */
  phone?: true;
}

interface Walk {
  name: string;
  /** A signed-in customer (Ada) instead of a guest. */
  signedIn?: boolean;
  /** One Aurora Cat-Eye in the cart before the walk. */
  withCart?: boolean;
  /** Where the page load happens before the first navigation ('/ca/' when omitted). */
  startAt?: string;
  stops: Stop[];
}

const CHECKOUT = 'Checkout';
const RECEIPT = 'Thank you for your order!';
const AURORA_LENSES = 'Lenses for Aurora Cat-Eye';
const BAD_UNSUBSCRIBE = "This unsubscribe link doesn't work";

/* ---------------------------------------------------------------- steps inside a page, each from the state the one before left */

async function shippingAddressGiven(page: Page) {
  await page.getByLabel('Email').fill('a11y.guest@example.com');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to shipping method' }).click();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
}

async function shippingMethodChosen(page: Page) {
  await expect(page.getByRole('radio').first()).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('radio', { name: /Check \/ Money order/ })).toBeVisible();
}

async function paymentChosen(page: Page) {
  await page.getByRole('radio', { name: /Check \/ Money order/ }).check();
  await page.getByRole('button', { name: 'Review your order' }).click();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
}

async function orderPlaced(page: Page) {
  await page.getByRole('button', { name: 'Place order' }).click();
  // The receipt's own address (spec §2 /success): axe looks at it once it has arrived.
  await expect(page).toHaveURL(/\/ca\/success\?order=\d{9}$/);
  await expect(page.getByRole('heading', { level: 1, name: RECEIPT })).toBeVisible();
  await expect(page.getByText(/^Your order number is #\d{9}\.$/)).toBeVisible();
}

async function frameShown(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: AURORA_LENSES })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Black' })).toBeVisible();
}

async function frameChosen(page: Page) {
  await page.getByRole('radio', { name: 'Black' }).check();
  await page.getByRole('radio', { name: 'M', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('radio', { name: /Single vision – distance/ })).toBeVisible();
}

async function usageChosen(page: Page) {
  await page.getByRole('radio', { name: /Single vision – distance/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('OD (right eye) SPH')).toBeVisible();
}

async function prescriptionGiven(page: Page) {
  await page.getByLabel('OD (right eye) SPH').fill('-1.00');
  await page.getByLabel('OS (left eye) SPH').fill('-1.25');
  await page.getByLabel('PD', { exact: true }).fill('63');
  await page.getByLabel('Exam date').fill(new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('radio', { name: /1\.50 Standard/ })).toBeVisible();
}

async function lensesChosen(page: Page) {
  await page.getByRole('radio', { name: /1\.50 Standard/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('checkbox', { name: /Anti-reflective/ })).toBeVisible();
}

async function coatingsChosen(page: Page) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('table', { name: 'Price breakdown' })).toBeVisible();
}

async function newAddressFormOpen(page: Page) {
  await page.getByRole('button', { name: 'Add an address' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'New address' })).toBeVisible();
}

async function editAddressFormOpen(page: Page) {
  // From the new address form: the shopper cancels it, then edits an address.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: /^Edit Ada Lovelace/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Edit address' })).toBeVisible();
}

/** Headless Chromium has no camera: the page says so and offers the photo upload. */
async function photoModeWithoutCamera(page: Page) {
  await page.getByRole('button', { name: 'Use my camera' }).click();
  await expect(page.getByRole('alert')).toContainText(/camera is not allowed|No camera was found|could not be started/);
  await expect(page.getByLabel('Upload a photo')).toBeAttached();
}

/* ---------------------------------------------------------------- the routes of spec §2, walked */

const WALKS: Walk[] = [
  {
    name: 'browsing',
    stops: [
      { name: 'contact us', path: '/ca/contact-us', heading: 'Contact us' },
      { name: 'home', phone: true, path: '/ca/', heading: /.+/, title: 'Lunette' },
      { name: 'CMS page', path: '/ca/shipping-returns', heading: 'Shipping and returns' },
      { name: 'category with a filter', phone: true, path: '/ca/eyeglasses.html?frame_shape=301', heading: 'Eyeglasses' },
      { name: 'product', phone: true, path: '/ca/aurora-cat-eye.html', heading: 'Aurora Cat-Eye' },
      { name: 'search with results', phone: true, path: '/ca/search.html?query=round', heading: 'Results for “round”', title: 'round' },
      {
        name: 'not found',
        path: '/ca/no-such-frames.html',
        heading: "Looks like the page you were hoping to find doesn't exist. Sorry about that.",
        title: 'Page not found',
      },
      { name: 'customise: choose a frame', path: '/ca/customize', heading: 'Customise your glasses' },
      { name: 'try-on, photo mode without a camera', phone: true, path: '/ca/try-on-glasses', heading: 'Try frames on', reach: photoModeWithoutCamera },
    ],
  },
  {
    name: 'the lens wizard, step by step',
    stops: [
      {
        name: 'customise: frame',
        phone: true,
        path: '/ca/customize/aurora-cat-eye',
        heading: /Customise your glasses|Lenses for Aurora Cat-Eye/,
        headingAfter: AURORA_LENSES,
        title: AURORA_LENSES,
        reach: frameShown,
      },
      { name: 'customise: lens type', headingAfter: AURORA_LENSES, title: AURORA_LENSES, reach: frameChosen },
      { name: 'customise: prescription', phone: true, headingAfter: AURORA_LENSES, title: AURORA_LENSES, reach: usageChosen },
      { name: 'customise: lens thickness', headingAfter: AURORA_LENSES, title: AURORA_LENSES, reach: prescriptionGiven },
      { name: 'customise: coatings', headingAfter: AURORA_LENSES, title: AURORA_LENSES, reach: lensesChosen },
      { name: 'customise: review', phone: true, headingAfter: AURORA_LENSES, title: AURORA_LENSES, reach: coatingsChosen },
    ],
  },
  {
    name: 'cart and checkout, step by step',
    withCart: true,
    stops: [
      { name: 'cart with an item', phone: true, path: '/ca/cart', heading: 'Cart' },
      {
        name: 'checkout: shipping address',
        phone: true,
        path: '/ca/checkout',
        heading: CHECKOUT,
        reach: (page) => expect(page.getByLabel('First name')).toBeVisible(),
      },
      { name: 'checkout: shipping method', headingAfter: CHECKOUT, reach: shippingAddressGiven },
      { name: 'checkout: billing and payment', headingAfter: CHECKOUT, reach: shippingMethodChosen },
      { name: 'checkout: review', phone: true, headingAfter: CHECKOUT, reach: paymentChosen },
      { name: 'checkout: receipt', headingAfter: RECEIPT, title: /Checkout|order/, reach: orderPlaced },
    ],
  },
  {
    name: 'signed out',
    stops: [
      { name: 'sign in', path: '/ca/sign-in', heading: 'Sign in' },
      { name: 'create account', path: '/ca/create-account', heading: 'Create an account' },
      { name: 'forgot password', path: '/ca/forgot-password', heading: 'Reset your password' },
      {
        name: 'reset password (token link)',
        path: '/ca/customer/account/createPassword?email=ada%40example.com&token=5eed0reset0token',
        heading: 'Choose a new password',
        reach: (page) => expect(page.getByRole('button', { name: 'Save the new password' })).toBeVisible(),
      },
      { name: 'social accounts', path: '/ca/social-accounts', heading: 'Social accounts' },
    ],
  },
  {
    name: 'signed in: the account',
    signedIn: true,
    stops: [
      { name: 'order history', path: '/ca/order-history', heading: 'Order history' },
      { name: 'order detail', phone: true, path: '/ca/order-history/000000001', heading: 'Order #000000001' },
      { name: 'account information', path: '/ca/account-information', heading: 'Account information' },
      { name: 'communications', path: '/ca/communications', heading: 'Communications' },
      { name: 'saved payments', path: '/ca/saved-payments', heading: 'Saved payments' },
      { name: 'prescriptions', path: '/ca/prescription', heading: 'My prescriptions' },
      {
        name: 'wishlist',
        phone: true,
        path: '/ca/wishlist',
        heading: 'Wishlist',
        reach: (page) => expect(page.getByRole('link', { name: /Juno/ }).first()).toBeVisible(),
      },
    ],
  },
  {
    name: 'signed in: addresses and alerts',
    signedIn: true,
    stops: [
      {
        name: 'address book',
        phone: true,
        path: '/ca/address-book',
        heading: 'Address book',
        reach: (page) => expect(page.getByText('12 King St W')).toBeVisible(),
      },
      { name: 'address book: new address form', headingAfter: 'Address book', reach: newAddressFormOpen },
      { name: 'address book: edit address form', headingAfter: 'Address book', reach: editAddressFormOpen },
      { name: 'stock alert', path: '/ca/stock?product=LN1002-TRT-S&parent=LN1002', heading: "We'll email you when Milo Round Tortoise S is back in stock" },
      { name: 'price alert', path: '/ca/price?product=LN1005', heading: "We'll email you when the price of Juno Aviator drops" },
    ],
  },
  {
    name: 'links from emails',
    stops: [
      {
        name: 'prescription fix, wrong key',
        path: '/ca/prescriptionfix/000000001/wrong-key',
        heading: 'Correct your prescription',
        reach: (page) => expect(page.getByRole('alert')).toBeVisible(),
      },
      {
        name: 'product alert unsubscribe, bad link',
        path: '/ca/productalert/unsubscribe/stock/product/5/product_id/5/hash/0000deadbeef0000/type/stock',
        heading: BAD_UNSUBSCRIBE,
      },
      {
        name: 'product alert unsubscribe without product, bad link',
        path: '/ca/productalert/unsubscribe/price/product_id/5/hash/0000deadbeef0000/type/price',
        heading: BAD_UNSUBSCRIBE,
      },
      { name: 'unsubscribe by id, wrong code', path: '/ca/unsubscribe/1/wrongcode123', heading: BAD_UNSUBSCRIBE },
      { name: 'unsubscribe by id, signed out', path: '/ca/unsubscribe/1', heading: 'Sign in to unsubscribe' },
      {
        name: 'abandoned cart, bad link',
        path: '/ca/abandonedcart/checkout/cart/id/1/token/not0the0right0token/',
        heading: 'This cart link has expired or is not valid',
      },
    ],
  },
  {
    name: 'links from payment providers',
    stops: [
      { name: 'card payment return, incomplete', path: '/ca/ayden/action/return.html', heading: 'This payment address is incomplete' },
      {
        name: 'card payment return, refused',
        path: '/ca/ayden/action/return.html?payment_token=forged&result=approved&order_number=000000099&signature=forged',
        heading: "We couldn't confirm this payment",
      },
      {
        name: 'wallet payment return, pending',
        path: '/ca/paypal/action/return.html?result=pending&order_number=000000099',
        heading: 'Your payment is being processed',
      },
      { name: 'payment failed', path: '/ca/paymentfail', heading: "Your payment didn't go through" },
      { name: 'payment result unknown', path: '/ca/payment-result', heading: "We don't know the outcome of this payment yet" },
      { name: 'payment success without an order', path: '/ca/success', heading: 'There is no recent order to show' },
    ],
  },
];

/* ---------------------------------------------------------------- checks */

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

async function openAsShopper(page: Page, walk: Walk, token: string | null) {
  if (token) await signInWithToken(page, token);
  await page.goto(walk.startAt ?? '/ca/');
  await waitForShell(page);
  if (walk.withCart) {
    await putAuroraInCart(page);
    // the shop reads the cart on load
    await page.reload();
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  }
}

/**
 * At 375 px, the stops whose layout differs on a phone, and the stops of the same flow before them
 * (a flow's later state is reached through its earlier ones); at 1280 px, every stop.
 */
function stopsToWalk(walk: Walk, phone: boolean) {
  if (!phone) return walk.stops.map((stop) => ({ stop, checked: true }));
  return walk.stops
    .map((stop, index) => {
      const flowAhead = walk.stops.slice(index + 1).findIndex((later) => later.path !== undefined);
      const flowEnd = flowAhead < 0 ? walk.stops.length : index + 1 + flowAhead;
      const leadsToPhoneStop = walk.stops.slice(index + 1, flowEnd).some((later) => later.phone);
      return { stop, checked: Boolean(stop.phone), needed: Boolean(stop.phone) || leadsToPhoneStop };
    })
    .filter(({ needed }) => needed);
}

test('the axe check finds a violation where there is one, on the page or within the part it is given', async ({ page }) => {
  // A page of its own (no server): an image with no text alternative in <main>, a button with no name outside it.
  await page.setContent('<html lang="en"><title>t</title><main><h1>t</h1><img src="data:,"></main><button></button></html>');
  expect(await axeViolations(page)).toEqual([expect.stringMatching(/^button-name \(critical\)/), expect.stringMatching(/^image-alt \(critical\): .* — img$/)]);
  expect(await axeViolations(page, 'main')).toEqual([expect.stringMatching(/^image-alt /)]);
});

test.describe('accessibility of every route (spec §2: axe 0 violations)', () => {
  // Each walk opens its own page and reads nothing another wrote: the walks spread over the workers.
  test.describe.configure({ mode: 'parallel' });
  for (const walk of WALKS) {
    const phoneStops = walk.stops.filter((stop) => stop.phone).map((stop) => stop.name);
    test(
      `spec §2 ${walk.name}: on every page, one h1, a named title, focus on the heading, no axe violation`,
      { tag: phoneStops.length ? [PHONE] : [] },
      async ({ page, request }, testInfo) => {
        test.setTimeout(60_000 + walk.stops.length * 20_000);
        const token = walk.signedIn ? await customerTokenOf(request, ADA) : null;
        await openAsShopper(page, walk, token);
        if (walk.signedIn) await expect(page.getByRole('button', { name: 'Hi, Ada' })).toBeVisible();

        for (const { stop, checked } of stopsToWalk(walk, testInfo.project.name === 'phone')) {
          await test.step(`spec §2 ${stop.name}${checked ? '' : ' (on the way; checked at 1280 px)'}`, async () => {
            const heading = page.getByRole('heading', { level: 1 });
            if (stop.path) {
              await navigateInApp(page, stop.path);
              await expect(heading).toHaveText(stop.heading ?? /.+/);
              // soft: a page that misses one check still reports the others (axe above all)
              if (checked) await expect.soft(heading, `${stop.name}: focus is on the page heading after an in-app navigation`).toBeFocused();
            }
            if (stop.reach) await stop.reach(page);
            const headingAfter = stop.headingAfter ?? stop.heading ?? /.+/;
            await expect(heading).toHaveText(headingAfter);
            if (!checked) return;
            await expect.soft(page.locator('h1'), `${stop.name}: exactly one h1`).toHaveCount(1);
            const title = stop.title ?? headingAfter;
            await expect.soft(page, `${stop.name}: the document title names the page`).toHaveTitle(typeof title === 'string' ? escaped(title) : title);
            expect.soft(await axeViolations(page), `${stop.name}: no axe violation`).toEqual([]);
          });
        }
      },
    );
  }
});

test.describe('form errors are announced (forms labelled with errors announced)', () => {
  /** An empty required field is marked invalid and read with its message, or the message is an alert. */
  async function expectAnnouncedError(page: Page, label: string) {
    const field = page.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/\S/);
  }

  test('sign-in with empty fields: both fields invalid, described by their message, focus on the first', async ({ page }) => {
    await page.goto('/ca/sign-in');
    await waitForShell(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectAnnouncedError(page, 'Email');
    await expectAnnouncedError(page, 'Password');
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('checkout shipping address with empty required fields: each marked invalid and described, the optional one not', async ({ page }) => {
    await page.goto('/ca/');
    await waitForShell(page);
    await putAuroraInCart(page);
    await page.goto('/ca/checkout');
    await expect(page.getByLabel('First name')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to shipping method' }).click();
    for (const label of ['Email', 'First name', 'Last name', 'Street address', 'City', 'State / Province', 'Postal code', 'Phone'])
      await expectAnnouncedError(page, label);
    await expect(page.getByLabel(/Apartment, suite, unit/)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await expectNoAxeViolations(page);
    // the message goes once the field is filled
    await page.getByLabel('City').fill('Montréal');
    await expect(page.getByLabel('City')).not.toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('visible focus', () => {
  test('every control reached with Tab on the sign-in page shows a focus indicator', async ({ page }) => {
    await page.goto('/ca/sign-in');
    await waitForShell(page);
    const unmarked: string[] = [];
    for (let stop = 0; stop < 15; stop += 1) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        const name = `${element.tagName.toLowerCase()} “${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}”`;
        return { name, marked: outlined || style.boxShadow !== 'none' };
      });
      if (focus && !focus.marked) unmarked.push(focus.name);
    }
    expect(unmarked).toEqual([]);
  });
});
