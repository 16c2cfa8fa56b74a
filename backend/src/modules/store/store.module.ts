import type { BackendModule } from '../../module';
import { storeMigrations } from './store.migrations';
import { storeResolvers } from './store.resolvers';
import { seedStoreViews } from './store.seed';

export const storeModule: BackendModule = {
  name: 'store',
  migrations: storeMigrations,
  seed: (tx) => seedStoreViews(tx),
  resolvers: storeResolvers,
};
