/**
 * Deterministic order seed (runs after the customer and cart seeds, on a fresh database).
 *
 * - ada@example.com: #000000001 (lenses with a prescription), #000000002.
 * - grace@example.com: #000000003 (fr store view, EUR, paid by card: the fr view takes no checks).
 */
import type { Transaction } from '../../db/database';
import type { BackendConfig } from '../../graphql/context';
import type { ModuleDeps } from '../../shared/module-deps';
import type { ProductChoiceInput } from '../catalog/product-choice';
import { addCartItem } from '../cart/cart-items.queries';
import { lensValues, seededFrameChoice } from '../cart/cart.seed';
import { createCart, type CartRow } from '../cart/cart.queries';
import type { StoredAddress } from '../customer/addresses';
import { findCustomerByEmail } from '../customer/customer.queries';
import { ADA_ADDRESS, GRACE_ADDRESS, SEEDED_AT } from '../customer/customer.seed';
import { saveBillingAddress, savePaymentMethod, saveShippingAddress, saveShippingMethod } from './checkout-steps';
import { markOrderPaid } from './hosted-payment.queries';
import { placeOrderFromCart } from './place-order';

/** The prescription of Ada's first order (and of her saved prescription, see the eyewear seed). */
export const ADA_PRESCRIPTION = {
  usage: 'SINGLE_VISION_DISTANCE',
  exam_date: '2025-09-15',
  od: { sph: -2.25, cyl: -0.5, axis: 90 },
  os: { sph: -2, cyl: 0 },
  pd: { single: 63 },
};

function fixedClock(iso: string): ModuleDeps {
  return { clock: { now: () => new Date(iso) }, log: () => undefined };
}

/** An order placed at `at`; paid by check, or by card where the view takes no checks (then paid at once). */
async function seedOrder(tx: Transaction, cart: CartRow, address: StoredAddress, items: ProductChoiceInput[], at: string, origin: string, payment = 'checkmo') {
  const deps = fixedClock(at);
  const now = deps.clock.now();
  for (const item of items) {
    const error = await addCartItem(tx, cart, item, now);
    if (error) throw new Error(`Commerce seed: ${item.sku}: ${error.message}`);
  }
  let current = await saveShippingAddress(tx, cart, address, now);
  current = await saveBillingAddress(tx, current, 'same_as_shipping', now);
  current = await saveShippingMethod(tx, current, 'flatrate', 'flatrate', now);
  current = await savePaymentMethod(tx, current, payment, null, now);
  const order = await placeOrderFromCart(tx, current, deps, origin);
  if (payment !== 'checkmo') await markOrderPaid(tx, order.id, now);
  return order;
}

export async function seedOrders(tx: Transaction, config: BackendConfig): Promise<void> {
  const origin = config.publicOrigin ?? 'http://127.0.0.1:8080';
  const seededAt = SEEDED_AT;
  const ada = (await findCustomerByEmail(tx, 'ada@example.com'))!;
  const grace = (await findCustomerByEmail(tx, 'grace@example.com'))!;
  const lenses = await lensValues(tx, 'LN1001', ['Single vision – distance', '1.59 Polycarbonate', 'Anti-reflective']);
  await seedOrder(
    tx,
    await createCart(tx, ada.id, 'ca', seededAt),
    ADA_ADDRESS,
    [
      {
        sku: 'LN1001-BLK-M',
        parent_sku: 'LN1001',
        quantity: 1,
        selected_options: lenses.selected,
        entered_options: [{ uid: lenses.prescriptionUid, value: JSON.stringify(ADA_PRESCRIPTION) }],
      },
    ],
    '2026-01-15T14:30:00Z',
    origin,
  );
  await seedOrder(
    tx,
    await createCart(tx, ada.id, 'ca', seededAt),
    ADA_ADDRESS,
    [{ sku: 'LN1003-GUN-S', quantity: 2, selected_options: (await lensValues(tx, 'LN1003', ['Non-prescription', '1.59 Polycarbonate'])).selected }],
    '2026-02-03T10:05:00Z',
    origin,
  );
  await seedOrder(
    tx,
    await createCart(tx, grace.id, 'fr', seededAt),
    GRACE_ADDRESS,
    [await seededFrameChoice(tx)],
    '2026-02-20T16:45:00Z',
    origin,
    'lunettepay_card',
  );
}
