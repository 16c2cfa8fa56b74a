import { mergeResolvers } from '../../graphql/schema';
import type { BackendModule } from '../../module';
import { systemClock, type Clock, type CommerceDeps } from './commerce-deps';
import { commerceMigrations } from './commerce.migrations';
import { seedCommerce } from './commerce.seed';
import { customerAddressResolvers } from './customer-addresses';
import { customerResolvers } from './customers';
import { abandonedCartResolvers } from './abandoned-carts';
import { cartResolvers } from './cart-resolvers';
import { checkoutResolvers } from './checkout-resolvers';
import { hostedPaymentRoutes, paymentReturnResolvers } from './hosted-payments';
import { prescriptionFixResolvers } from './prescription-fix';
import { prescriptionUploadRoutes } from './prescription-uploads';
import { productAlertResolvers } from './product-alerts';
import { commerceRestRoutes } from './rest-checkout';
import { savedPrescriptionResolvers } from './saved-prescriptions';
import { wishlistResolvers } from './wishlists';

export interface CommerceModuleOptions {
  /** Time source for token expiry, sign-in throttling, coupons and links (tests inject one). */
  clock?: Clock;
  log?: (message: string) => void;
}

/** Commerce: customers, carts, checkout, orders, wishlists, and the shop module's eyewear features. */
export function createCommerceModule(options: CommerceModuleOptions = {}): BackendModule {
  const deps: CommerceDeps = {
    clock: options.clock ?? systemClock,
    log: options.log ?? ((message) => console.info(message)),
  };
  return {
    name: 'commerce',
    migrations: commerceMigrations,
    seed: (tx, config) => seedCommerce(tx, config),
    resolvers: mergeResolvers([
      customerResolvers(deps),
      customerAddressResolvers(deps),
      cartResolvers(deps),
      checkoutResolvers(deps),
      wishlistResolvers(deps),
      productAlertResolvers(deps),
      savedPrescriptionResolvers(deps),
      prescriptionFixResolvers(deps),
      abandonedCartResolvers(deps),
      paymentReturnResolvers(deps),
    ]),
    routes: (router, routeDeps) => {
      commerceRestRoutes(router, routeDeps, deps);
      hostedPaymentRoutes(router, routeDeps);
      prescriptionUploadRoutes(router, routeDeps, deps);
    },
  };
}

export const commerceModule: BackendModule = createCommerceModule();
