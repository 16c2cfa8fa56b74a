import { mergeResolvers } from '../../graphql/schema';
import type { BackendModule } from '../../module';
import { catalogMigrations } from './catalog.migrations';
import { catalogResolvers } from './catalog.resolvers';
import { cmsPagesResolvers } from './cms-pages.resolvers';
import { seedCatalog } from './catalog.seed';
import { mountMediaRoutes } from './media.routes';

/** Catalog: categories, products, CMS, routes, media. */
export const catalogModule: BackendModule = {
  name: 'catalog',
  migrations: catalogMigrations,
  seed: (tx) => seedCatalog(tx),
  resolvers: mergeResolvers([catalogResolvers, cmsPagesResolvers]),
  routes: (router, deps) => mountMediaRoutes(router, deps),
};
