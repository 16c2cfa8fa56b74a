import { mergeResolvers } from '../../graphql/schema';
import type { BackendModule } from '../../module';
import { defaultModuleDeps, type ModuleDeps } from '../../shared/module-deps';
import { checkoutMigrations } from './checkout.migrations';
import { checkoutResolvers } from './checkout.resolvers';
import { seedOrders } from './checkout.seed';
import { hostedPaymentRoutes } from './hosted-payment.routes';
import { orderResolvers } from './order.resolvers';
import { paymentReturnResolvers } from './payment-return.resolvers';
import { commerceRestRoutes } from './rest-checkout.routes';

/** Checkout: the checkout steps (GraphQL and REST), placing orders, hosted payments, orders. */
export function createCheckoutModule(deps: ModuleDeps = defaultModuleDeps): BackendModule {
  return {
    name: 'checkout',
    migrations: checkoutMigrations,
    seed: (tx, config) => seedOrders(tx, config),
    resolvers: mergeResolvers([checkoutResolvers(deps), orderResolvers(deps), paymentReturnResolvers(deps)]),
    routes: (router, routeDeps) => {
      commerceRestRoutes(router, routeDeps, deps);
      hostedPaymentRoutes(router, routeDeps);
    },
  };
}

export const checkoutModule: BackendModule = createCheckoutModule();
