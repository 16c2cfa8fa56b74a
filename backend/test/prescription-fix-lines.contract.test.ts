import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uidOf } from '../src/shared/secure-tokens';
import {
  addAurora,
  addAuroraWithPrescription,
  bearer,
  type CommerceTestBackend,
  firstError,
  frameChoice,
  newCustomer,
  PLACE_ORDER,
  readyForOrder,
  SINGLE_VISION,
  startCommerceBackend,
} from './commerce-test-kit';

/**
 * ADR 041 (amending ADR 035's fix-link paragraph), spec §2 (the prescription-fix route): the link
 * corrects the prescription of one order line at a time — the line named by its uid from the
 * order, of this order, carrying a prescription, the new values within that line's paid lens — and
 * the order answers the new values. Every refusal here is a forged request, sent straight to the
 * backend, and changes nothing.
 */
let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const FIX_ORDER = `query ($n: String!, $k: String!) { lunettePrescriptionFixOrder(order_number: $n, key: $k) {
  order_number items { uid product_name product_sku selected_options { label value } prescription corrected_at } } }`;
const FIX = `mutation ($i: LunettePrescriptionFixInput!) { lunetteFixOrderPrescription(input: $i) {
  order_number order_item_uid link_open prescription { od { sph add } pd { single right left } } } }`;
const ORDERS = `{ customer { orders(filter: { number: { eq: "%" } }) { items { number items { id product_sku entered_options { label value } } } } } }`;

type FixItem = {
  uid: string;
  product_name: string;
  product_sku: string;
  selected_options: { label: string; value: string }[];
  prescription: string | null;
  corrected_at: string | null;
};

const PROGRESSIVE = {
  lenses: ['Progressive', '1.50 Standard'],
  prescription: { usage: 'PROGRESSIVE', exam_date: '2026-02-01', od: { sph: -1, add: 2 }, os: { sph: -1, add: 2 }, pd: { right: 31.5, left: 31.5 } },
};

/** Adds one LN1002 (lens height 30 mm: progressives fit) with these lenses and prescription. */
async function addLn1002(cartId: string, headers: Record<string, string>) {
  const { lenses, prescriptionUid } = await frameChoice(api, 'LN1002', PROGRESSIVE.lenses);
  const variant = await api.backend.db.query<{ sku: string }>(
    "SELECT sku FROM catalog_product WHERE parent_id = (SELECT id FROM catalog_product WHERE sku = 'LN1002') AND stock_status = 'IN_STOCK' AND qty > 5 ORDER BY id LIMIT 1",
  );
  const res = await api.gql<{ addProductsToCart: { user_errors: unknown[] } }>(
    'mutation ($c: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $items) { user_errors { code message } } }',
    {
      c: cartId,
      items: [
        {
          sku: variant.rows[0]!.sku,
          parent_sku: 'LN1002',
          quantity: 1,
          selected_options: lenses,
          entered_options: [{ uid: prescriptionUid, value: JSON.stringify(PROGRESSIVE.prescription) }],
        },
      ],
    },
    headers,
  );
  expect(res.errors).toBeUndefined();
  expect(res.data!.addProductsToCart.user_errors).toEqual([]);
}

/** Places the signed-in customer's cart, filled by `fill`; answers the order number and the key of its fix link. */
async function placeOrder(token: string, fill: (cartId: string) => Promise<void>) {
  const cartId = (await api.gqlGet<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, bearer(token))).data!.customerCart.id;
  await fill(cartId);
  await readyForOrder(api, cartId, bearer(token));
  const number = (await api.gql<{ placeOrder: { orderV2: { number: string } } }>(PLACE_ORDER, { c: cartId }, bearer(token))).data!.placeOrder.orderV2.number;
  const link = api.logged.find((l) => l.includes(`/prescriptionfix/${number}/`))!;
  return { number, key: link.slice(link.lastIndexOf('/') + 1) };
}

const fixOrder = async (number: string, key: string) =>
  (await api.gqlGet<{ lunettePrescriptionFixOrder: { items: FixItem[] } }>(FIX_ORDER, { n: number, k: key })).data!.lunettePrescriptionFixOrder.items;

/** What a fix could change: the order's lines as stored, its history, its mails. */
async function orderState(number: string) {
  const db = api.backend.db;
  const lines = await db.query('SELECT id, entered_options FROM sales_order_item WHERE order_id = (SELECT id FROM sales_order WHERE number = $1) ORDER BY id', [
    number,
  ]);
  const history = await db.query(
    'SELECT order_item_id, previous, corrected, comment FROM sales_order_prescription_fix WHERE order_id = (SELECT id FROM sales_order WHERE number = $1)',
    [number],
  );
  const mails = await db.query<{ subject: string; body: string }>('SELECT subject, body FROM outbox WHERE subject LIKE $1 ORDER BY id', [
    `%#${number} is corrected`,
  ]);
  return { lines: lines.rows, history: history.rows, mails: mails.rows };
}

describe('the prescription-fix link corrects one order line at a time (ADR 041, spec §2)', () => {
  let token: string;
  let order: { number: string; key: string };
  let other: { number: string; key: string };
  let items: FixItem[];
  beforeAll(async () => {
    ({ token } = await newCustomer(api));
    order = await placeOrder(token, async (cartId) => {
      expect(await addAuroraWithPrescription(api, cartId, SINGLE_VISION, bearer(token))).toEqual([]);
      await addLn1002(cartId, bearer(token));
      expect(await addAurora(api, cartId, 1, bearer(token))).toEqual([]);
    });
    other = await placeOrder(token, async (cartId) => {
      expect(await addAuroraWithPrescription(api, cartId, SINGLE_VISION, bearer(token))).toEqual([]);
    });
    items = await fixOrder(order.number, order.key);
  });

  it('the link names each line of the order — its frame, options and current prescription — by the uid the order answers', async () => {
    expect(items.map((i) => [i.product_name, i.prescription === null, i.corrected_at])).toEqual([
      ['Aurora Cat-Eye', false, null],
      [expect.any(String), false, null],
      ['Aurora Cat-Eye', true, null],
    ]);
    expect(items[0]!.selected_options.map((o) => o.value)).toEqual(expect.arrayContaining(['Black', 'M', 'Single vision – distance', '1.50 Standard']));
    expect(JSON.parse(items[1]!.prescription!)).toMatchObject({ usage: 'PROGRESSIVE', od: { add: 2 } });
    const detail = await api.gqlGet<{ customer: { orders: { items: { items: { id: string }[] }[] } } }>(ORDERS.replace('%', order.number), {}, bearer(token));
    expect(detail.data!.customer.orders.items[0]!.items.map((i) => i.id)).toEqual(items.map((i) => i.uid));
  });

  it.each([
    ['a line of another order', async () => (await fixOrder(other.number, other.key))[0]!.uid, 'The order line to correct is not part of this order.'],
    ['a line id that does not exist', async () => uidOf(987654), 'The order line to correct is not part of this order.'],
    ['a line id that is no uid', async () => 'line-2', 'The order line to correct is not part of this order.'],
    ['a line without prescription (plain lenses)', async () => items[2]!.uid, 'This order line carries no prescription to correct.'],
  ])('refuses %s with its words and changes nothing', async (_name, uidOfLine, message) => {
    const before = await orderState(order.number);
    const prescription = { ...PROGRESSIVE.prescription, od: { sph: -1.25, add: 2 } };
    expect(firstError(await api.gql(FIX, { i: { order_number: order.number, key: order.key, order_item_uid: await uidOfLine(), prescription } }))).toBe(
      message,
    );
    expect(await orderState(order.number)).toEqual(before);
    expect(before.history).toEqual([]);
  });

  it("refuses values outside the line's paid lens (ADR 035: single vision on progressive lenses, SPH −7.50 on 1.50) and changes nothing", async () => {
    const before = await orderState(order.number);
    const fix = (prescription: unknown) => api.gql(FIX, { i: { order_number: order.number, key: order.key, order_item_uid: items[1]!.uid, prescription } });
    expect(firstError(await fix({ ...SINGLE_VISION.prescription }))).toBe(
      'A prescription fix keeps the lenses that were paid for: The prescription is for single vision – distance lenses but the lenses chosen are progressive: choose the lens usage of the prescription.',
    );
    expect(firstError(await fix({ ...PROGRESSIVE.prescription, od: { sph: -7.5, add: 2 }, os: { sph: -7.5, add: 2 } }))).toBe(
      'A prescription fix keeps the lenses that were paid for: This prescription needs a lens index of 1.67 or more; 1.50 lenses cannot be made for it.',
    );
    expect(await orderState(order.number)).toEqual(before);
  });

  it('corrects line 2 only: the order detail answers the new values, the old ones are kept as history, the shopper is mailed them', async () => {
    const before = await orderState(order.number);
    const corrected = { ...PROGRESSIVE.prescription, od: { sph: -1.25, add: 2.25 }, os: { sph: -1, add: 2.25 }, pd: { right: 31.5, left: 32 } };
    const answer = await api.gql<{ lunetteFixOrderPrescription: unknown }>(FIX, {
      i: { order_number: order.number, key: order.key, order_item_uid: items[1]!.uid, prescription: corrected, comment: 'The add was 2.25' },
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.lunetteFixOrderPrescription).toEqual({
      order_number: order.number,
      order_item_uid: items[1]!.uid,
      link_open: true,
      prescription: { od: { sph: -1.25, add: 2.25 }, pd: { single: null, right: 31.5, left: 32 } },
    });

    const detail = await api.gqlGet<{ customer: { orders: { items: { items: { id: string; entered_options: { label: string; value: string }[] }[] }[] } } }>(
      ORDERS.replace('%', order.number),
      {},
      bearer(token),
    );
    const [line1, line2] = detail.data!.customer.orders.items[0]!.items;
    expect(JSON.parse(line2!.entered_options.find((o) => o.label === 'Prescription')!.value)).toMatchObject({
      usage: 'PROGRESSIVE',
      od: { sph: -1.25, add: 2.25 },
      os: { sph: -1, add: 2.25 },
      pd: { right: 31.5, left: 32 },
    });
    expect(line1!.entered_options).toEqual([{ label: 'Prescription', value: JSON.stringify(SINGLE_VISION.prescription) }]);

    const after = await orderState(order.number);
    expect(after.history).toEqual([
      {
        order_item_id: (before.lines[1] as { id: number }).id,
        previous: items[1]!.prescription,
        corrected: line2!.entered_options[0]!.value,
        comment: 'The add was 2.25',
      },
    ]);
    expect(after.mails).toHaveLength(1);
    expect(after.mails[0]!.body).toContain('OD (right eye): SPH -1.25, CYL 0.00, AXIS —, ADD +2.25');
    expect(after.mails[0]!.body).toContain('PD: 31.5 / 32 mm');
    expect(after.mails[0]!.body).toContain('Another frame of this order can still be corrected');

    expect((await fixOrder(order.number, order.key)).map((i) => i.corrected_at !== null)).toEqual([false, true, false]);
    expect(firstError(await api.gql(FIX, { i: { order_number: order.number, key: order.key, order_item_uid: items[1]!.uid, prescription: corrected } }))).toBe(
      'The prescription of this order line has already been corrected.',
    );
  });

  it('a single PD corrected to one per eye keeps no single PD; the last line corrected uses the link up', async () => {
    const dual = { ...SINGLE_VISION.prescription, pd: { single: 63, right: 31.5, left: 32 } };
    const answer = await api.gql<{ lunetteFixOrderPrescription: { link_open: boolean } }>(FIX, {
      i: { order_number: order.number, key: order.key, order_item_uid: items[0]!.uid, prescription: dual },
    });
    expect(answer.data!.lunetteFixOrderPrescription.link_open).toBe(false);
    const stored = (await orderState(order.number)).lines[0] as { entered_options: { value: string }[] };
    expect(JSON.parse(stored.entered_options[0]!.value).pd).toEqual({ single: null, right: 31.5, left: 32 });
    expect(firstError(await api.gqlGet(FIX_ORDER, { n: order.number, k: order.key }))).toBe('This prescription fix link has already been used.');
  });
});
