import { many, one, type Queryable } from '../../db/database';
import { inputError, noSuchEntityError } from '../../graphql/errors';
import type { RequestContext } from '../../graphql/context';
import type { Resolvers } from '../../module';
import { findProductById, findProductBySku, productNodeById } from '../catalog/catalog-lookup';
import type { CommerceDeps } from './commerce-deps';
import { currentCustomerId, requireCustomerId } from './customer-auth';
import { equalSecrets, newOpaqueToken } from './secure-tokens';

/**
 * Stock and price alerts (Magento_ProductAlert, which has no GraphQL in Open Source). Unsubscribe
 * links carry a per-alert hash, so they work from an email without signing in.
 */
type AlertType = 'stock' | 'price';

interface AlertRow {
  id: number;
  customer_id: number;
  product_id: number;
  alert_type: AlertType;
  hash: string;
  store_code: string;
  created_at: Date;
}

const TYPE_ENUM = { stock: 'STOCK', price: 'PRICE' } as const;
const typeOf = (value: string | null | undefined): AlertType | null => (value?.toLowerCase() === 'stock' ? 'stock' : value?.toLowerCase() === 'price' ? 'price' : null);

/** The storefront's unsubscribe route: /productalert/unsubscribe/{action}/product/{product}/product_id/{product_id}/hash/{hash}/type/{type}. */
export const unsubscribeUrlOf = (origin: string, a: AlertRow, urlKey: string) =>
  `${origin}/${a.store_code}/productalert/unsubscribe/${a.alert_type}/product/${encodeURIComponent(urlKey)}/product_id/${a.product_id}/hash/${a.hash}/type/${a.alert_type}`;

async function alertNode(ctx: RequestContext, a: AlertRow) {
  const product = await findProductById(ctx.db, a.product_id);
  return {
    id: a.id,
    type: TYPE_ENUM[a.alert_type],
    product_sku: product?.sku ?? '',
    product: () => productNodeById(ctx, a.product_id),
    created_at: a.created_at.toISOString(),
    unsubscribe_url: unsubscribeUrlOf(ctx.origin, a, product?.urlKey ?? String(a.product_id)),
  };
}

export async function subscribeAlert(q: Queryable, customerId: number, productId: number, type: AlertType, priceUsd: number, storeCode: string, now: Date): Promise<AlertRow> {
  await q.query(
    `INSERT INTO product_alert (customer_id, product_id, alert_type, price_usd, hash, store_code, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (customer_id, product_id, alert_type) DO NOTHING`,
    [customerId, productId, type, priceUsd, newOpaqueToken(16), storeCode, now],
  );
  return (await one<AlertRow>(q, 'SELECT * FROM product_alert WHERE customer_id = $1 AND product_id = $2 AND alert_type = $3', [customerId, productId, type]))!;
}

interface UnsubscribeInput {
  id?: number | null;
  product_id?: number | null;
  type?: string | null;
  hash?: string | null;
}

const LINK_INVALID = 'The unsubscribe link is invalid or the alert no longer exists.';

export function productAlertResolvers(deps: CommerceDeps): Resolvers {
  return {
    Query: {
      lunetteProductAlerts: async (_root, _args, ctx) => {
        const customerId = await requireCustomerId(ctx, deps);
        const rows = await many<AlertRow>(ctx.db, 'SELECT * FROM product_alert WHERE customer_id = $1 ORDER BY id', [customerId]);
        return Promise.all(rows.map((r) => alertNode(ctx, r)));
      },
    },
    Mutation: {
      lunetteProductAlertSubscribe: async (_root, args: { input: { sku: string; type: string } }, ctx) => {
        const customerId = await requireCustomerId(ctx, deps);
        const type = typeOf(args.input.type);
        if (!type) throw inputError('The alert type must be STOCK or PRICE.');
        const row = await ctx.db.transaction(async (tx) => {
          const product = await findProductBySku(tx, args.input.sku ?? '');
          if (!product) throw noSuchEntityError(`Could not find a product with SKU "${args.input.sku}"`);
          return subscribeAlert(tx, customerId, product.id, type, product.priceUsd, ctx.store.code, deps.clock.now());
        });
        return alertNode(ctx, row);
      },
      lunetteProductAlertUnsubscribe: async (_root, args: { input: UnsubscribeInput }, ctx) => {
        const { id, product_id: productId, hash } = args.input;
        const type = typeOf(args.input.type);
        const signedIn = hash ? null : await currentCustomerId(ctx, deps);
        return ctx.db.transaction(async (tx) => {
          const row = id
            ? await one<AlertRow>(tx, 'SELECT * FROM product_alert WHERE id = $1', [id])
            : productId && type && hash
              ? await one<AlertRow>(tx, 'SELECT * FROM product_alert WHERE product_id = $1 AND alert_type = $2 AND hash = $3', [productId, type, hash])
              : null;
          // With a hash anyone holding the link may unsubscribe; without one, only the signed-in owner.
          const allowed = row && (hash ? equalSecrets(row.hash, hash) : signedIn !== null && row.customer_id === signedIn);
          if (!row || !allowed) throw inputError(LINK_INVALID);
          await tx.query('DELETE FROM product_alert WHERE id = $1', [row.id]);
          const product = await findProductById(tx, row.product_id);
          return { result: true, product_name: product?.name ?? null };
        });
      },
    },
  };
}
