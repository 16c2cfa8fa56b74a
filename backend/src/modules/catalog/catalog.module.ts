import type { BackendModule } from '../../module';

/** Catalog: categories, products, CMS, routes, media. */
export const catalogModule: BackendModule = {
  name: 'catalog',
  migrations: [],
  resolvers: {},
};
