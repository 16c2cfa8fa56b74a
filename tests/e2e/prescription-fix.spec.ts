import { expect, test, type APIRequestContext } from './helpers/test';
import { PHONE } from './helpers/phone-layout';
import { ADDRESS, gql, mailsTo } from './helpers/checkout-setup';
import { createCustomerWithAddress, customerTokenOf, signInWithToken } from './helpers/shop-session';

/** An exam a month ago: valid for two years (eyewear notes). */
const recentExamDate = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

const SINGLE_VISION = { usage: 'SINGLE_VISION_DISTANCE', exam_date: recentExamDate(), od: { sph: -2.5 }, os: { sph: -2.25 }, pd: { single: 63 } };
const PROGRESSIVE = {
  usage: 'PROGRESSIVE',
  exam_date: recentExamDate(),
  od: { sph: -1, add: 2 },
  os: { sph: -1, add: 2 },
  pd: { right: 31.5, left: 31.5 },
};

/** A frame's first variant in stock, its lens values (by title) and its Prescription option, as the catalogue answers them. */
async function frameChoice(request: APIRequestContext, parentSku: string, lensTitles: string[]) {
  const { products } = await gql<{
    products: {
      items: {
        variants: { product: { sku: string; stock_status: string } }[];
        options: { title: string; uid: string; value?: { uid: string; title: string }[] }[];
      }[];
    };
  }>(
    request,
    `query ($s: String!) { products(filter: { sku: { eq: $s } }) { items { ... on ConfigurableProduct { variants { product { sku stock_status } } }
      ... on CustomizableProductInterface { options { title uid ... on CustomizableRadioOption { value { uid title } } } } } } }`,
    { s: parentSku },
  );
  const product = products.items[0]!;
  const values = product.options.flatMap((o) => o.value ?? []);
  return {
    sku: product.variants.find((v) => v.product.stock_status === 'IN_STOCK')!.product.sku,
    lenses: lensTitles.map((title) => values.find((v) => v.title === title)!.uid),
    prescriptionUid: product.options.find((o) => o.title === 'Prescription')!.uid,
  };
}

/** The customer's order of two frames with prescriptions: Aurora Cat-Eye single vision, then Milo Round progressive. Answers its number. */
async function placeTwoLineOrder(request: APIRequestContext, token: string): Promise<string> {
  const cartId = (await gql<{ customerCart: { id: string } }>(request, '{ customerCart { id } }', {}, token)).customerCart.id;
  const aurora = await frameChoice(request, 'LN1001', ['Single vision – distance', '1.50 Standard']);
  const milo = await frameChoice(request, 'LN1002', ['Progressive', '1.50 Standard']);
  const line = (frame: typeof aurora, parentSku: string, prescription: unknown) => ({
    sku: frame.sku,
    parent_sku: parentSku,
    quantity: 1,
    selected_options: frame.lenses,
    entered_options: [{ uid: frame.prescriptionUid, value: JSON.stringify(prescription) }],
  });
  const added = await gql<{ addProductsToCart: { user_errors: { message: string }[] } }>(
    request,
    'mutation ($c: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $items) { user_errors { message } } }',
    { c: cartId, items: [line(aurora, 'LN1001', SINGLE_VISION), line(milo, 'LN1002', PROGRESSIVE)] },
    token,
  );
  expect(added.addProductsToCart.user_errors).toEqual([]);
  for (const [query, variables] of [
    [
      'mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
      { a: ADDRESS },
    ],
    [
      'mutation ($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
      {},
    ],
    ['mutation ($c: String!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { same_as_shipping: true } }) { cart { id } } }', {}],
    ['mutation ($c: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "checkmo" } }) { cart { id } } }', {}],
  ] as const)
    await gql(request, query, { c: cartId, ...variables }, token);
  const placed = await gql<{ placeOrder: { orderV2: { number: string } } }>(
    request,
    'mutation ($c: String!) { placeOrder(input: { cart_id: $c }) { orderV2 { number } } }',
    { c: cartId },
    token,
  );
  return placed.placeOrder.orderV2.number;
}

/**
 * ADR 041, spec §2 (/prescriptionfix/{order_id}/{key_fix?}): the link of a two-frame order names
 * each frame with its prescription; the shopper corrects the second one, and the order detail shows
 * the new values on that line only, in the browser that had shown the order before the correction.
 */
test('the fix link of a two-frame order corrects line 2 and the order detail shows it', { tag: PHONE }, async ({ page, request }, testInfo) => {
  const email = `fix-${testInfo.project.name}-${Date.now()}@example.com`;
  await createCustomerWithAddress(request, 'Rosalind', email);
  const token = await customerTokenOf(request, email);
  const number = await placeTwoLineOrder(request, token);
  // The e2e server writes the outbox log from the backend's output: the line may come a moment after the answer.
  const fixMail = () => mailsTo(email).find((line) => line.includes(`/prescriptionfix/${number}/`));
  await expect.poll(fixMail).toBeDefined();
  const mail = fixMail()!;
  const link = new URL(mail.slice(mail.indexOf('http')));
  // Signed in as the shopper who ordered, to open the order detail afterwards (the link itself needs no sign-in).
  await signInWithToken(page, token);
  // ADR 041: the shopper saw the order in this browser before correcting it, and the browser kept
  // that answer (the persisted cache): the order detail must still show the correction afterwards.
  await page.goto(`/ca/order-history/${number}`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Milo Round' }).getByRole('table', { name: 'Prescription' })).toContainText(/[-−]1[.,]00/);
  await expect.poll(() => page.evaluate((n) => window.localStorage.getItem('apollo-cache-persist-ca')?.includes(n) ?? false, number)).toBe(true);

  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: new RegExp(`Order #${number}`) })).toBeVisible();
  const aurora = page.getByRole('listitem', { name: 'Aurora Cat-Eye' });
  const milo = page.getByRole('listitem', { name: 'Milo Round' });
  await expect(aurora.getByText('Single vision – distance')).toBeVisible();
  await expect(milo.getByText('Progressive')).toBeVisible();
  await expect(milo.getByRole('table', { name: 'Prescription' })).toContainText('+2.00');

  await milo.getByRole('button', { name: 'Correct this prescription' }).click();
  await expect(milo.getByText('The corrected prescription of Milo Round')).toBeVisible();
  await expect(milo.getByLabel('OD (right eye) ADD')).toHaveValue('+2.00');
  await milo.getByLabel('OD (right eye) SPH').fill('-1.75');
  await milo.getByRole('button', { name: 'Send the corrected prescription' }).click();
  await expect(page.getByRole('status').filter({ hasText: `the prescription of Milo Round in order #${number} is corrected` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Correct another frame' })).toBeVisible();

  await page.goto(`/ca/order-history/${number}`);
  const miloLine = page.getByRole('listitem').filter({ hasText: 'Milo Round' });
  await expect(miloLine.getByRole('table', { name: 'Prescription' })).toContainText(/[-−]1[.,]75/);
  const auroraLine = page.getByRole('listitem').filter({ hasText: 'Aurora Cat-Eye' });
  await expect(auroraLine.getByRole('table', { name: 'Prescription' })).toContainText(/[-−]2[.,]50/);
  await expect(auroraLine.getByRole('table', { name: 'Prescription' })).not.toContainText(/[-−]1[.,]75/);
});
