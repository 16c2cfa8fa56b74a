import { findStoreView } from '../store/store-views';
import { one, type Queryable } from '../../db/database';
import { idOfUid } from '../../shared/secure-tokens';
import { findProductById, type SellableProduct } from '../catalog/catalog-lookup';
import { type ProductChoiceInput, resolveProductChoice } from '../catalog/product-choice';
import { OUT_OF_STOCK_ITEM, QTY_NOT_AVAILABLE } from './cart-totals';
import { type CartItemRow, cartItems, type CartRow, touchCart } from './cart.queries';

/** `CartUserInputError` */
export interface CartUserError {
  code:
    | 'PRODUCT_NOT_FOUND'
    | 'NOT_SALABLE'
    | 'INSUFFICIENT_STOCK'
    | 'COULD_NOT_FIND_CART_ITEM'
    | 'REQUIRED_PARAMETER_MISSING'
    | 'INVALID_PARAMETER_VALUE'
    | 'UNDEFINED'
    | 'PERMISSION_DENIED';
  message: string;
}

/**
 * Frames and lenses are sold whole (ADR 035): Magento's stock checks answer a quantity below the
 * minimum sale quantity (1) and a fraction with these words (`CatalogInventory` StockStateProvider).
 */
export const FEWEST_YOU_MAY_PURCHASE = 'The fewest you may purchase is 1.';
export const NO_DECIMAL_QUANTITY = 'You cannot use decimal quantity for this product.';

/** Why a positive quantity cannot be bought; codes as `AddProductsToCartError` maps these messages. */
function wholeQuantityError(quantity: number): CartUserError | null {
  if (quantity < 1) return { code: 'INSUFFICIENT_STOCK', message: FEWEST_YOU_MAY_PURCHASE };
  if (!Number.isInteger(quantity)) return { code: 'UNDEFINED', message: NO_DECIMAL_QUANTITY };
  return null;
}

/** Stock check for a line's total quantity (what is already in the cart plus what is added). */
function stockErrorOf(product: SellableProduct | null, quantity: number): CartUserError | null {
  if (!product || product.stockStatus === 'OUT_OF_STOCK') return { code: 'NOT_SALABLE', message: OUT_OF_STOCK_ITEM };
  if (quantity > product.qty) return { code: 'INSUFFICIENT_STOCK', message: QTY_NOT_AVAILABLE };
  return null;
}
const stockError = async (q: Queryable, productId: number, quantity: number) => stockErrorOf(await findProductById(q, productId), quantity);

export async function addCartItem(q: Queryable, cart: CartRow, input: ProductChoiceInput, now: Date): Promise<CartUserError | null> {
  const quantity = Number(input.quantity);
  if (!Number.isFinite(quantity) || quantity <= 0) return { code: 'INVALID_PARAMETER_VALUE', message: 'The product quantity should be greater than 0' };
  const notWhole = wholeQuantityError(quantity);
  if (notWhole) return notWhole;
  // the options' titles as the cart's store view words them (as Magento keeps them on the quote item)
  const store = await findStoreView(q, cart.store_code);
  const { choice, error } = await resolveProductChoice(q, input, now, store ? { storeId: store.id } : {});
  if (error) return error;
  const existing = (await cartItems(q, cart.id)).find((i) => i.options_key === choice.optionsKey);
  const total = (existing?.quantity ?? 0) + quantity;
  // The product as this transaction just read it, stock included (no second read of its row).
  const problem = stockErrorOf(choice.product, total);
  if (problem) return problem;
  if (existing) {
    await q.query('UPDATE cart_item SET quantity = $2 WHERE id = $1', [existing.id, total]);
  } else {
    await q.query(
      `INSERT INTO cart_item (cart_id, product_id, parent_product_id, sku, parent_sku, name, item_type, quantity, unit_price_usd,
         customizable_options, configurable_options, options_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        cart.id,
        choice.product.id,
        choice.parent?.id ?? null,
        choice.product.sku,
        choice.parent?.sku ?? null,
        choice.parent?.name ?? choice.product.name,
        choice.itemType,
        quantity,
        choice.unitPriceUsd,
        JSON.stringify(choice.customizable),
        JSON.stringify(choice.configurable),
        choice.optionsKey,
        now,
      ],
    );
  }
  await touchCart(q, cart.id, now);
  return null;
}

/** A line of this cart by `cart_item_uid` (or the deprecated numeric `cart_item_id`). */
export async function findCartLine(
  q: Queryable,
  cartId: number,
  ref: { cart_item_uid?: string | null; cart_item_id?: number | null },
): Promise<CartItemRow | null> {
  const id = ref.cart_item_uid ? idOfUid(ref.cart_item_uid) : (ref.cart_item_id ?? null);
  if (id === null) return null;
  const row = await one<{ id: number }>(q, 'SELECT id FROM cart_item WHERE id = $1 AND cart_id = $2', [id, cartId]);
  if (!row) return null;
  return (await cartItems(q, cartId)).find((i) => i.id === row.id) ?? null;
}

export async function setLineQuantity(q: Queryable, cart: CartRow, line: CartItemRow, quantity: number, now: Date): Promise<CartUserError | null> {
  if (!Number.isFinite(quantity) || quantity < 0) return { code: 'INVALID_PARAMETER_VALUE', message: 'The product quantity should be greater than 0' };
  const notWhole = quantity === 0 ? null : wholeQuantityError(quantity);
  if (notWhole) return { code: 'INVALID_PARAMETER_VALUE', message: notWhole.message };
  if (quantity === 0) {
    await q.query('DELETE FROM cart_item WHERE id = $1', [line.id]);
  } else {
    const problem = await stockError(q, line.product_id, quantity);
    if (problem) return problem;
    await q.query('UPDATE cart_item SET quantity = $2 WHERE id = $1', [line.id, quantity]);
  }
  await touchCart(q, cart.id, now);
  return null;
}

/** Moves every line of `source` into `destination` (identical lines add up, within the stock left). */
export async function mergeCartLines(q: Queryable, source: CartRow, destination: CartRow, now: Date): Promise<void> {
  const target = await cartItems(q, destination.id);
  for (const line of await cartItems(q, source.id)) {
    const same = target.find((t) => t.options_key === line.options_key);
    if (same) {
      const product = await findProductById(q, line.product_id);
      const quantity = Math.min(same.quantity + line.quantity, Math.max(same.quantity, product?.qty ?? same.quantity));
      await q.query('UPDATE cart_item SET quantity = $2 WHERE id = $1', [same.id, quantity]);
      await q.query('DELETE FROM cart_item WHERE id = $1', [line.id]);
    } else {
      await q.query('UPDATE cart_item SET cart_id = $2 WHERE id = $1', [line.id, destination.id]);
    }
  }
  await touchCart(q, destination.id, now);
}
