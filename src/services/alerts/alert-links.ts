/**
 * The product-alert links of spec §2, read into the extension's inputs (backend/schema/extension.graphql,
 * commerce section): `/stock` and `/price` (`?product=<sku>`, optionally `&parent=<configurable sku>`),
 * `/productalert/unsubscribe/{action}[/product/{product}]/product_id/{product_id}/hash/{hash}/type/{type}`
 * and `/unsubscribe/{id}/{code?}`. A link that cannot be right (no product, a type other than stock
 * or price, a non-numeric id) is refused here, before anything is sent, so the page can say so.
 */
import type { AlertSubscribeRequest, AlertType, AlertUnsubscribeInput } from '../../machines/link-request/link-args';

export type { AlertSubscribeRequest, AlertType, AlertUnsubscribeInput };

/** Magento's SKU column is 64 characters long. */
const MAX_SKU_LENGTH = 64;
/** GraphQL Int is a signed 32-bit integer. */
const MAX_INT = 2 ** 31 - 1;
/** Link hashes are opaque tokens: letters and digits (Magento and the embedded backend use hex). */
const HASH_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

function skuOf(value: string | null): string | null {
  const sku = value?.trim() ?? '';
  return sku !== '' && sku.length <= MAX_SKU_LENGTH ? sku : null;
}

/** `?product=<sku>[&parent=<sku>]` of /stock and /price; null when no usable product is named. */
export function alertSubscribeRequestOf(search: string | URLSearchParams): AlertSubscribeRequest | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sku = skuOf(params.get('product'));
  if (!sku) return null;
  const parentSku = skuOf(params.get('parent'));
  return { sku, parentSku: parentSku && parentSku !== sku ? parentSku : null };
}

/** The /stock or /price page of a product, as the "Notify me" controls link to it. */
export function alertSubscribePath(type: AlertType, sku: string, parentSku?: string | null): string {
  const params = new URLSearchParams({ product: sku });
  if (parentSku && parentSku !== sku) params.set('parent', parentSku);
  return `/${type === 'STOCK' ? 'stock' : 'price'}?${params.toString()}`;
}

export function alertTypeOf(value: string | null | undefined): AlertType | null {
  const type = value?.trim().toLowerCase();
  return type === 'stock' ? 'STOCK' : type === 'price' ? 'PRICE' : null;
}

function positiveIntOf(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 && number <= MAX_INT ? number : null;
}

const hashOf = (value: string | null | undefined): string | null => (value && HASH_PATTERN.test(value) ? value : null);

export interface ProductAlertLinkParams {
  action?: string;
  product?: string;
  productId?: string;
  hash?: string;
  type?: string;
}

/**
 * The long link (with or without `/product/{product}`). `type` names the alert; `action` repeats it
 * in Magento's links and is used when `type` is missing.
 */
export function productAlertUnsubscribeInputOf(params: ProductAlertLinkParams): AlertUnsubscribeInput | null {
  const type = alertTypeOf(params.type) ?? alertTypeOf(params.action);
  const productId = positiveIntOf(params.productId);
  const hash = hashOf(params.hash);
  if (!type || !productId || !hash) return null;
  return { product_id: productId, type, hash };
}

/**
 * `/unsubscribe/{id}/{code?}`: with the code anyone holding the link may unsubscribe; without it
 * only the signed-in owner of the alert can (`needsSignIn`).
 */
export function unsubscribeByIdInputOf(id: string | undefined, code: string | undefined): { input: AlertUnsubscribeInput; needsSignIn: boolean } | null {
  const alertId = positiveIntOf(id);
  if (!alertId) return null;
  if (code === undefined || code === '') return { input: { id: alertId }, needsSignIn: true };
  const hash = hashOf(code);
  return hash ? { input: { id: alertId, hash }, needsSignIn: false } : null;
}
