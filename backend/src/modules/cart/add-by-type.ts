import type { Queryable } from '../../db/database';
import { inputError, noSuchEntityError } from '../../graphql/errors';
import { customOptionsOf, findProductBySku } from '../catalog/catalog-lookup';
import type { ProductChoiceInput } from '../catalog/product-choice';
import { addCartItem } from './cart-items.queries';
import type { CartRow } from './cart.queries';

/** Magento's `CustomizableOptionInput`: an option by id (or uid) and its value ids (comma separated) or its text. */
export interface CustomizableOptionInput {
  id?: number | null;
  uid?: string | null;
  value_string: string;
}

/** A line of `addSimpleProductsToCart` / `addConfigurableProductsToCart` (Magento's per-type mutations before `addProductsToCart`). */
export interface TypedCartLine {
  data: { sku: string; quantity: number; parent_sku?: string | null };
  customizable_options?: (CustomizableOptionInput | null)[] | null;
  parent_sku?: string | null;
  variant_sku?: string | null;
}

/** The custom options of a typed line as `addProductsToCart` names them: value uids, and text as entered options. */
async function choiceOptions(q: Queryable, productSku: string, options: TypedCartLine['customizable_options']): Promise<Partial<ProductChoiceInput>> {
  const given = (options ?? []).filter((o): o is CustomizableOptionInput => Boolean(o));
  if (!given.length) return {};
  const product = await findProductBySku(q, productSku);
  const known = product ? await customOptionsOf(q, product.id) : [];
  const selected: string[] = [];
  const entered: { uid: string; value: string }[] = [];
  for (const input of given) {
    const option = known.find((o) => o.uid === input.uid || o.id === input.id);
    if (!option) throw inputError('Some of the selected item options are not currently available.');
    if (option.type === 'field' || option.type === 'area') entered.push({ uid: option.uid, value: input.value_string });
    else
      for (const valueId of input.value_string.split(',').map((v) => Number(v.trim()))) {
        const value = option.values.find((v) => (v.valueId ?? v.optionId) === valueId);
        if (!value) throw inputError('Some of the selected item options are not currently available.');
        selected.push(value.uid);
      }
  }
  return { selected_options: selected, entered_options: entered };
}

const couldNotAdd = (sku: string, reason: string) => inputError(`Could not add the product with SKU ${sku} to the shopping cart: ${reason}`);

/**
 * Magento's AddSimpleProductToCart / AddConfigurableProductToCart: a line the cart refuses is a
 * GraphQL error (not a `user_errors` entry as with `addProductsToCart`): an unknown product is
 * "Could not find a product with SKU", anything else "Could not add the product with SKU … to the
 * shopping cart: …"; a variant that is not the parent's is "Could not find specified product.".
 */
export async function addTypedLine(q: Queryable, cart: CartRow, line: TypedCartLine, kind: 'simple' | 'configurable', now: Date): Promise<void> {
  const sku = line.data?.sku?.trim();
  if (!sku) throw inputError('Missing key "sku" in cart item data');
  if (line.data.quantity === undefined || line.data.quantity === null) throw inputError('Missing key "quantity" in cart item data');
  const parentSku = kind === 'configurable' ? (line.parent_sku ?? line.data.parent_sku ?? null) : null;
  if (kind === 'configurable') {
    if (!parentSku) throw inputError('Missing key "parent_sku" in cart item data');
    if (!(await findProductBySku(q, parentSku))) throw noSuchEntityError(`Could not find a product with SKU "${parentSku}"`);
  }
  const named = kind === 'configurable' ? (line.variant_sku ?? sku) : sku;
  const options = await choiceOptions(q, parentSku ?? named, line.customizable_options);
  const error = await addCartItem(q, cart, { sku: named, quantity: line.data.quantity, ...(parentSku ? { parent_sku: parentSku } : {}), ...options }, now);
  if (!error) return;
  if (kind === 'configurable' && (error.code === 'PRODUCT_NOT_FOUND' || error.message.includes('is not an option of'))) {
    throw couldNotAdd(parentSku ?? named, 'Could not find specified product.');
  }
  if (error.code === 'PRODUCT_NOT_FOUND') throw noSuchEntityError(error.message);
  throw couldNotAdd(parentSku ?? named, error.message);
}
