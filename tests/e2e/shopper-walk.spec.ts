import { expect, test, type Page } from './helpers/test';
import { ADA, AURORA, customerTokenOf, fillAddress, putAuroraInCart, signInWithToken } from './helpers/shop-session';
import { PHONE } from './helpers/phone-layout';

/**
 * Defects found walking the shop as new shoppers, at both widths: each test names what
 * was wrong, so it cannot come back unseen.
 */

/** How far the page reaches past the screen's right edge (0: nothing scrolls sideways). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** A guest's cart with the Aurora Cat-Eye, at the checkout's first step. */
async function openCheckoutWithAFrame(page: Page) {
  await page.goto('/ca/');
  await expect(page.getByRole('combobox', { name: 'Store' })).toBeEnabled();
  await putAuroraInCart(page);
  await page.goto('/ca/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
}

test.describe('shopper walk', { tag: PHONE }, () => {
  test('checkout: a done step\'s "Change …" button stays in its card and the page never scrolls sideways (375 px: it stuck out 100 px)', async ({ page }) => {
    await openCheckoutWithAFrame(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.getByLabel('Email').fill(`walk.${Date.now()}@example.com`);
    await fillAddress(page);
    await page.getByRole('button', { name: 'Continue to shipping method' }).click();
    const change = page.getByRole('button', { name: 'Change shipping address' });
    await expect(change).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    const card = (await page.getByRole('region', { name: /Shipping address/ }).boundingBox())!;
    const button = (await change.boundingBox())!;
    expect(button.x).toBeGreaterThanOrEqual(card.x);
    expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width);
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('button', { name: 'Change shipping method' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  test("checkout by keyboard: each step that opens takes the focus on its heading, in view (it fell back to the page's start)", async ({ page }) => {
    await openCheckoutWithAFrame(page);
    // The first step, current from the start, leaves the page's focus alone.
    await expect(page.getByRole('heading', { level: 2, name: 'Shipping address' })).not.toBeFocused();
    await page.getByLabel('Email').fill(`walk.keys.${Date.now()}@example.com`);
    await fillAddress(page);
    await page.getByLabel('Phone').press('Tab');
    await expect(page.getByRole('button', { name: 'Continue to shipping method' })).toBeFocused();
    await page.keyboard.press('Enter');
    /** The step now open: its heading focused and on screen, the next Tab inside it. */
    const arrived = async (name: string) => {
      const heading = page.getByRole('heading', { level: 2, name });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();
    };
    await arrived('Shipping method');
    await page.keyboard.press('Tab');
    // The next Tab reaches the step's choices (the group's chosen method, or its first).
    await expect(page.locator('input[type="radio"][name="shipping-method"]:focus')).toHaveCount(1);
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Continue to payment' }).focus();
    await page.keyboard.press('Enter');
    await arrived('Billing and payment');
    await page.getByRole('radio', { name: /Check \/ Money order/ }).check();
    await page.getByRole('button', { name: 'Review your order' }).focus();
    await page.keyboard.press('Enter');
    await arrived('Place your order');
    // "Change …" from the review opens that step with the focus on it.
    await page.getByRole('button', { name: 'Change shipping method' }).focus();
    await page.keyboard.press('Enter');
    await arrived('Shipping method');
  });

  test('product page: "Notify me of a price drop" starts at the column\'s edge like the wishlist link and the headings (it sat a pill\'s padding in)', async ({
    page,
  }) => {
    await page.goto('/ca/milo-round.html');
    const priceAlert = page.getByRole('link', { name: /Notify me of a price drop/ });
    await expect(priceAlert).toBeVisible();
    const heading = (await page.getByRole('heading', { level: 2, name: 'Frame measurements' }).boundingBox())!;
    const wordsStart = await priceAlert.evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      return range.getBoundingClientRect().x;
    });
    expect(Math.abs(wordsStart - heading.x)).toBeLessThan(1);
  });

  test('checkout: "Your items" reads line by line, no option label split over two lines ("Lens / usage:" at 375 px)', async ({ page }) => {
    await openCheckoutWithAFrame(page);
    const items = page.getByRole('list', { name: 'Items in your order' });
    await expect(items.getByRole('link', { name: 'Aurora Cat-Eye' })).toBeVisible();
    const lineCounts = await items.locator('dt, dd, a').evaluateAll((elements) =>
      elements.map((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return `${element.textContent}: ${tops.size}`;
      }),
    );
    expect(lineCounts.length).toBeGreaterThan(3);
    for (const count of lineCounts) expect(count).toMatch(/: 1$/);
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  test('checkout in German: "Warenkorb bearbeiten" under "Ihre Artikel" starts at the block\'s edge like the title (it sat a pill\'s padding in)', async ({
    page,
  }) => {
    await page.goto('/de/');
    await expect(page.getByRole('combobox', { name: 'Shop' })).toBeEnabled();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cartId_de'))).not.toBeNull();
    const errors = await page.evaluate(async (item) => {
      const cartId = (JSON.parse(localStorage.getItem('cartId_de')!) as { value: string }).value;
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', store: 'de' },
        body: JSON.stringify({
          query:
            'mutation($cartId:String!,$sku:String!,$parent:String,$options:[ID!]){addProductsToCart(cartId:$cartId,cartItems:[{sku:$sku,parent_sku:$parent,quantity:1,selected_options:$options}]){user_errors{message}}}',
          variables: { cartId, sku: item.sku, parent: item.parentSku, options: item.options },
        }),
      });
      return ((await response.json()) as { data: { addProductsToCart: { user_errors: unknown[] } } }).data.addProductsToCart.user_errors;
    }, AURORA);
    expect(errors).toEqual([]);
    await page.goto('/de/checkout');
    const title = page.getByRole('heading', { level: 2, name: 'Ihre Artikel' });
    const edit = page.getByRole('link', { name: 'Warenkorb bearbeiten' });
    await expect(edit).toBeVisible();
    const [titleBox, editBox] = [(await title.boundingBox())!, (await edit.boundingBox())!];
    const wordsStart = await edit.evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      return range.getBoundingClientRect().x;
    });
    // On the title's line, the words end at the block's edge; under it, they start where the title does.
    if (editBox.y >= titleBox.y + titleBox.height) expect(Math.abs(wordsStart - titleBox.x)).toBeLessThan(1);
    else expect(wordsStart).toBeGreaterThan(titleBox.x + titleBox.width);
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  test('saved prescriptions (spec §2 /prescription) sit among the account pages, with the account menu like the others', async ({ page, request }) => {
    await signInWithToken(page, await customerTokenOf(request, ADA));
    await page.goto('/ca/prescription');
    await expect(page.getByRole('heading', { level: 1, name: 'My prescriptions' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Your account' });
    await expect(nav.getByRole('link', { name: 'Saved prescriptions' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Order history' })).toBeVisible();
    await expect(page.getByText('Distance glasses 2025')).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    // "Add a prescription" stands apart from the last card (it touched it).
    const cards = (await page.getByRole('main').getByRole('list').last().boundingBox())!;
    const add = (await page.getByRole('button', { name: 'Add a prescription' }).boundingBox())!;
    expect(add.y - (cards.y + cards.height)).toBeGreaterThanOrEqual(8);
  });

  test('order detail: the addresses name their country in the store view\'s language ("Kanada" in de), not its code ("CA")', async ({ page, request }) => {
    await signInWithToken(page, await customerTokenOf(request, ADA));
    await page.goto('/ca/order-history/000000002');
    const shipping = page.getByRole('region', { name: 'Shipping' });
    await expect(shipping.getByText('Canada', { exact: true })).toBeVisible();
    await expect(shipping.getByText('CA', { exact: true })).toHaveCount(0);
    await page.goto('/de/order-history/000000002');
    await expect(page.locator('address').getByText('Kanada', { exact: true }).first()).toBeVisible();
  });

  test('spec §2: a link into the German lens wizard with a colour and size keeps them on a first visit (the reload under /de/ dropped the query)', async ({
    page,
  }) => {
    await page.goto('/de/customize/milo-round?color=52&size=172');
    await expect(page.getByRole('radio', { name: 'Kristall' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
    // The wizard's step joins the query as a history entry (ADR 008); the colour and size stay.
    await expect(page).toHaveURL(/\/de\/customize\/milo-round\?color=52&size=172(&step=frame)?$/);
  });

  test('a long German word in a page title ("Kontoinformationen") breaks instead of widening the page past the phone\'s screen', async ({ page, request }) => {
    await signInWithToken(page, await customerTokenOf(request, ADA));
    await page.goto('/de/account-information');
    await expect(page.getByRole('heading', { level: 1, name: /Kontoinformationen/ })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});
