import type { BackendModule } from '../../module';

/** Commerce: customers, carts, checkout, orders, wishlists, and the shop module's eyewear features. */
export const commerceModule: BackendModule = {
  name: 'commerce',
  migrations: [],
  resolvers: {},
};
