import type { RequestContext } from '../../graphql/context';
import { findProductById } from '../catalog/catalog-lookup';
import { productNodeById } from '../catalog/product-nodes';
import type { AlertRow } from './product-alert.queries';

const TYPE_ENUM = { stock: 'STOCK', price: 'PRICE' } as const;

/** The storefront's unsubscribe route: /productalert/unsubscribe/{action}/product/{product}/product_id/{product_id}/hash/{hash}/type/{type}. */
export const unsubscribeUrlOf = (origin: string, a: AlertRow, urlKey: string) =>
  `${origin}/${a.store_code}/productalert/unsubscribe/${a.alert_type}/product/${encodeURIComponent(urlKey)}/product_id/${a.product_id}/hash/${a.hash}/type/${a.alert_type}`;

export async function alertNode(ctx: RequestContext, a: AlertRow) {
  const product = await findProductById(ctx.db, a.product_id);
  return {
    id: a.id,
    type: TYPE_ENUM[a.alert_type],
    product_sku: product?.sku ?? '',
    product: () => productNodeById(ctx, a.product_id),
    frame: () => productNodeById(ctx, product?.parentId ?? a.product_id),
    created_at: a.created_at.toISOString(),
    unsubscribe_url: unsubscribeUrlOf(ctx.origin, a, product?.urlKey ?? String(a.product_id)),
  };
}
export type AlertNode = Awaited<ReturnType<typeof alertNode>>;
