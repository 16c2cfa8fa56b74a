import { mergeResolvers } from '../../graphql/schema';
import type { BackendModule } from '../../module';
import { defaultModuleDeps, type ModuleDeps } from '../../shared/module-deps';
import { customerAddressResolvers } from './address-book.resolvers';
import { customerMigrations } from './customer.migrations';
import { customerResolvers } from './customer.resolvers';
import { seedCustomers } from './customer.seed';
import { wishlistResolvers } from './wishlist.resolvers';

/** Customers: accounts, sign-in tokens, the address book, newsletter, contact form, wishlists. */
export function createCustomerModule(deps: ModuleDeps = defaultModuleDeps): BackendModule {
  return {
    name: 'customer',
    migrations: customerMigrations,
    seed: (tx) => seedCustomers(tx),
    resolvers: mergeResolvers([customerResolvers(deps), customerAddressResolvers(deps), wishlistResolvers(deps)]),
  };
}

export const customerModule: BackendModule = createCustomerModule();
