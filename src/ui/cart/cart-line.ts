import type { CartItem, CartItemToAdd } from '../../machines/cart/cart.types';
import type { CartItemLensOption } from './cart-page.operations';

/** The in-shop path of a cart line's product page. */
export const cartItemProductPath = (item: CartItem) => `/${item.product.url_key ?? ''}.html`;

export const isConfigurableLine = (item: CartItem) => item.__typename === 'ConfigurableCartItem' || (item.configurable_options?.length ?? 0) > 0;

/** The lens option value uids of a line: re-sent whenever the line is re-added, so no lens choice is lost. */
export function lensValueUids(lensOptions: readonly CartItemLensOption[]): string[] {
  return lensOptions.flatMap((option) => (option.values ?? []).flatMap((value) => (value ? [value.customizable_option_value_uid] : [])));
}

/**
 * What re-adding this line would send (spec §4: after an invalid-cart recovery a guest re-adds the
 * item): the frame with its colour, size and lens choices, at the given quantity.
 */
export function lineAsItemToAdd(item: CartItem, quantity: number, lensOptions: readonly CartItemLensOption[]): CartItemToAdd {
  const configurable = (item.configurable_options ?? []).map((option) => option.configurable_product_option_value_uid);
  const selectedOptions = [...configurable, ...lensValueUids(lensOptions)];
  return { sku: item.product.sku, quantity, ...(selectedOptions.length ? { selectedOptions } : {}) };
}
