import { inputError, noSuchEntityError } from '../../graphql/errors';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import type { ModuleDeps } from '../../shared/module-deps';
import { equalSecrets } from '../../shared/secure-tokens';
import { findProductById, findProductBySku } from '../catalog/catalog-lookup';
import { currentCustomerId, requireCustomerId } from '../customer/customer-auth';
import { alertsOfCustomer, type AlertType, deleteAlert, findAlertById, findAlertByLink, subscribeAlert } from './product-alert.queries';
import { alertNode } from './product-alert.views';

const typeOf = (value: string | null | undefined): AlertType | null =>
  value?.toLowerCase() === 'stock' ? 'stock' : value?.toLowerCase() === 'price' ? 'price' : null;

const LINK_INVALID = 'The unsubscribe link is invalid or the alert no longer exists.';

export function productAlertResolvers(deps: ModuleDeps): Resolvers {
  return {
    Query: {
      lunetteProductAlerts: async (_root, _args, ctx) => {
        const customerId = await requireCustomerId(ctx, deps);
        const rows = await alertsOfCustomer(ctx.db, customerId);
        return Promise.all(rows.map((r) => alertNode(ctx, r)));
      },
    },
    Mutation: {
      lunetteProductAlertSubscribe: async (_root, args, ctx) => {
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
      lunetteProductAlertUnsubscribe: async (_root, args, ctx) => {
        const { id, product_id: productId, hash } = args.input;
        const type = typeOf(args.input.type);
        const signedIn = hash ? null : await currentCustomerId(ctx, deps);
        return ctx.db.transaction(async (tx) => {
          const row = id ? await findAlertById(tx, id) : productId && type && hash ? await findAlertByLink(tx, productId, type, hash) : null;
          // With a hash anyone holding the link may unsubscribe; without one, only the signed-in owner.
          const allowed = row && (hash ? equalSecrets(row.hash, hash) : signedIn !== null && row.customer_id === signedIn);
          if (!row || !allowed) throw inputError(LINK_INVALID);
          await deleteAlert(tx, row.id);
          const product = await findProductById(tx, row.product_id);
          return { result: true, product_name: product?.name ?? null };
        });
      },
    },
  };
}
