import { many, one } from '../../db/database';
import { inputError, noSuchEntityError } from '../../graphql/errors';
import type { Resolvers } from '../../module';
import type { ModuleDeps } from '../../shared/module-deps';
import { equalSecrets } from '../../shared/secure-tokens';
import { findProductById, findProductBySku } from '../catalog/catalog-lookup';
import { currentCustomerId, requireCustomerId } from '../customer/customer-auth';
import { type AlertRow, type AlertType, subscribeAlert } from './product-alert.queries';
import { alertNode } from './product-alert.views';

const typeOf = (value: string | null | undefined): AlertType | null =>
  value?.toLowerCase() === 'stock' ? 'stock' : value?.toLowerCase() === 'price' ? 'price' : null;

interface UnsubscribeInput {
  id?: number | null;
  product_id?: number | null;
  type?: string | null;
  hash?: string | null;
}

const LINK_INVALID = 'The unsubscribe link is invalid or the alert no longer exists.';

export function productAlertResolvers(deps: ModuleDeps): Resolvers {
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
