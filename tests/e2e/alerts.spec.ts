import { expect, test, type APIRequestContext, type Page } from './helpers/test';
import { expectNoAxeViolations } from './helpers/axe';

/**
 * Product alerts (spec §2 /stock, /price, /productalert/unsubscribe/..., /unsubscribe/{id}/{code?})
 * against the real server and its seeded customers (password Eyewear!2026).
 */
const PASSWORD = 'Eyewear!2026';

async function gql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const res = await request.post('/graphql', {
    headers: { 'content-type': 'application/json', Store: 'ca', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    data: { query, variables },
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('\n'));
  return body.data!;
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const data = await gql<{ generateCustomerToken: { token: string } }>(
    request,
    'mutation ($e: String!, $p: String!) { generateCustomerToken(email: $e, password: $p) { token } }',
    { e: email, p: PASSWORD },
  );
  return data.generateCustomerToken.token;
}

/** Signs the browser in the way the shop remembers a sign-in (spec §3 signin_token record). */
async function signInWithToken(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('signin_token')) {
      window.localStorage.setItem('signin_token', JSON.stringify({ value, timeStored: Date.now(), ttl: 3600 }));
    }
  }, token);
}

interface Alert {
  id: number;
  type: string;
  product_sku: string;
  unsubscribe_url: string;
}

async function subscribe(request: APIRequestContext, token: string, sku: string, type: 'STOCK' | 'PRICE'): Promise<Alert> {
  const data = await gql<{ lunetteProductAlertSubscribe: Alert }>(
    request,
    'mutation ($s: String!, $t: LunetteProductAlertType!) { lunetteProductAlertSubscribe(input: { sku: $s, type: $t }) { id type product_sku unsubscribe_url } }',
    { s: sku, t: type },
    token,
  );
  return data.lunetteProductAlertSubscribe;
}

async function alertsOf(request: APIRequestContext, token: string): Promise<Alert[]> {
  return (await gql<{ lunetteProductAlerts: Alert[] }>(request, '{ lunetteProductAlerts { id type product_sku unsubscribe_url } }', {}, token))
    .lunetteProductAlerts;
}

/** The link's path inside the site (the backend writes absolute links for emails). */
const pathOf = (url: string) => new URL(url).pathname;

test.describe('spec §2 /stock and /price', () => {
  test('signed out, /stock redirects to /sign-in remembering the path; after signing in the alert is set up', async ({ page, request }) => {
    await page.goto('/ca/stock?product=LN1002-TRT-S&parent=LN1002');
    await expect(page).toHaveURL(/\/ca\/sign-in$/);
    expect(await page.evaluate(() => (window.history.state as { usr?: { from?: string } } | null)?.usr?.from)).toBe(
      '/stock?product=LN1002-TRT-S&parent=LN1002',
    );

    await page.getByLabel('Email').fill('alan@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/ca\/stock\?product=LN1002-TRT-S&parent=LN1002$/);
    await expect(page.getByRole('heading', { level: 1, name: "We'll email you when Milo Round Tortoise S is back in stock" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Milo Round Tortoise S' })).toHaveAttribute('href', '/ca/milo-round.html');
    await expect(page.getByRole('status').filter({ hasText: 'back in stock' })).toHaveCount(1);
    const alerts = await alertsOf(request, await tokenOf(request, 'alan@example.com'));
    expect(alerts.map((a) => [a.type, a.product_sku])).toContainEqual(['STOCK', 'LN1002-TRT-S']);
    await expectNoAxeViolations(page, 'main');
  });

  test('signed out, /price redirects to /sign-in too', async ({ page }) => {
    await page.goto('/ca/price?product=LN1005');
    await expect(page).toHaveURL(/\/ca\/sign-in$/);
  });

  test('signed in, /price subscribes to a price-drop alert and links back to the product', async ({ page, request }) => {
    await signInWithToken(page, await tokenOf(request, 'grace@example.com'));
    await page.goto('/ca/price?product=LN1005');
    await expect(page.getByRole('heading', { level: 1, name: "We'll email you when the price of Juno Aviator drops" })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Juno Aviator' }).click();
    await expect(page).toHaveURL(/\/ca\/juno-aviator\.html$/);
    const alerts = await alertsOf(request, await tokenOf(request, 'grace@example.com'));
    expect(alerts.map((a) => [a.type, a.product_sku])).toContainEqual(['PRICE', 'LN1005']);
  });

  test('signed in, a link without a product, or with an unknown one, says so', async ({ page, request }) => {
    await signInWithToken(page, await tokenOf(request, 'grace@example.com'));
    await page.goto('/ca/stock');
    await expect(page.getByRole('heading', { level: 1, name: "This alert link doesn't name a product" })).toBeVisible();
    await page.goto('/ca/stock?product=NO-SUCH-FRAME');
    await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that product" })).toBeVisible();
    await expect(page.getByText('No product has the reference NO-SUCH-FRAME.')).toBeVisible();
  });
});

test.describe('spec §2 /productalert/unsubscribe/...', () => {
  test('a good link unsubscribes and names the product; the same link again explains it no longer works', async ({ page, request }) => {
    const token = await tokenOf(request, 'alan@example.com');
    const alert = await subscribe(request, token, 'LN1002-TRT-S', 'STOCK');
    await page.goto(pathOf(alert.unsubscribe_url));
    await expect(page.getByRole('heading', { level: 1, name: "You won't get alerts about Milo Round Tortoise S any more" })).toBeVisible();
    expect((await alertsOf(request, token)).map((a) => a.id)).not.toContain(alert.id);
    await expectNoAxeViolations(page, 'main');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: "This unsubscribe link doesn't work" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue shopping' })).toBeVisible();
  });

  test('the variant without /product/{product} works the same', async ({ page, request }) => {
    const token = await tokenOf(request, 'alan@example.com');
    const alert = await subscribe(request, token, 'LN1005', 'PRICE');
    const short = pathOf(alert.unsubscribe_url).replace(/\/product\/[^/]+\/product_id\//, '/product_id/');
    expect(short).toMatch(/^\/ca\/productalert\/unsubscribe\/price\/product_id\/\d+\/hash\/\w+\/type\/price$/);
    await page.goto(short);
    await expect(page.getByRole('heading', { level: 1, name: "You won't get alerts about Juno Aviator any more" })).toBeVisible();
  });

  test('a bad hash, a bad type or a cut link is refused clearly and changes nothing', async ({ page, request }) => {
    const token = await tokenOf(request, 'alan@example.com');
    const alert = await subscribe(request, token, 'LN1002-TRT-S', 'STOCK');
    const path = pathOf(alert.unsubscribe_url);
    await page.goto(path.replace(/\/hash\/\w+\//, '/hash/0000deadbeef0000/'));
    await expect(page.getByRole('heading', { level: 1, name: "This unsubscribe link doesn't work" })).toBeVisible();
    await page.goto(path.replace(/\/type\/stock$/, '/type/newsletter').replace('/unsubscribe/stock/', '/unsubscribe/newsletter/'));
    await expect(page.getByRole('heading', { level: 1, name: "This unsubscribe link doesn't work" })).toBeVisible();
    expect((await alertsOf(request, token)).map((a) => a.id)).toContain(alert.id);
  });
});

test.describe('spec §2 /unsubscribe/{id}/{code?}', () => {
  test('id and code unsubscribe without signing in; a wrong code is refused', async ({ page, request }) => {
    const token = await tokenOf(request, 'alan@example.com');
    const alert = await subscribe(request, token, 'LN1002-TRT-S', 'STOCK');
    const hash = /\/hash\/(\w+)\//.exec(alert.unsubscribe_url)![1]!;
    await page.goto(`/ca/unsubscribe/${alert.id}/wrongcode123`);
    await expect(page.getByRole('heading', { level: 1, name: "This unsubscribe link doesn't work" })).toBeVisible();
    await page.goto(`/ca/unsubscribe/${alert.id}/${hash}`);
    await expect(page.getByRole('heading', { level: 1, name: "You won't get alerts about Milo Round Tortoise S any more" })).toBeVisible();
  });

  test('without the code a signed-out shopper is asked to sign in; the signed-in owner unsubscribes', async ({ page, request }) => {
    const token = await tokenOf(request, 'alan@example.com');
    const alert = await subscribe(request, token, 'LN1005', 'PRICE');
    await page.goto(`/ca/unsubscribe/${alert.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to unsubscribe' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/ca\/sign-in$/);
    await page.getByLabel('Email').fill('alan@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`/ca/unsubscribe/${alert.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: "You won't get alerts about Juno Aviator any more" })).toBeVisible();
  });

  test('a malformed id is a bad link, never a blank page', async ({ page }) => {
    await page.goto('/ca/unsubscribe/not-a-number/abc');
    await expect(page.getByRole('heading', { level: 1, name: "This unsubscribe link doesn't work" })).toBeVisible();
  });
});

test.describe('spec §2 /communications: the alerts saved in the account are listed there and removed', () => {
  test('a price alert saved on a product page is listed on /communications with its frame, kind and date, and removed from there', async ({
    page,
    request,
  }) => {
    // An account of its own, so that no other test's alerts are in its list.
    const email = `alerts.${Date.now()}@example.com`;
    await gql(request, 'mutation ($i: CustomerCreateInput!) { createCustomerV2(input: $i) { customer { email } } }', {
      i: { email, firstname: 'Ada', lastname: 'Lovelace', password: PASSWORD },
    });
    const token = await tokenOf(request, email);
    await signInWithToken(page, token);

    await page.goto('/ca/juno-aviator.html');
    await page.getByRole('link', { name: 'Notify me of a price drop: Juno Aviator' }).click();
    await expect(page.getByRole('heading', { level: 1, name: "We'll email you when the price of Juno Aviator drops" })).toBeVisible();

    await page.goto('/ca/communications');
    const section = page.getByRole('region', { name: 'Stock and price alerts' });
    await expect(section.getByRole('link', { name: 'Juno Aviator' })).toHaveAttribute('href', '/ca/juno-aviator.html');
    await expect(section.getByText(/Price drop alert · set up on/)).toBeVisible();
    await expectNoAxeViolations(page, 'main');

    await section.getByRole('button', { name: 'Remove Juno Aviator' }).click();
    await expect(page.getByText('Alert removed.')).toBeVisible();
    await expect(section.getByText('You have no stock or price alerts.')).toBeVisible();
    expect(await alertsOf(request, token)).toEqual([]);
  });
});
