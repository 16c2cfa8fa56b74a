import type { BackendModule } from '../../module';
import { storeMigrations } from './store.migrations';
import { storeResolvers } from './store.resolvers';
import { seedStoreViews } from './store.seed';
import { seedCountrySettings } from './country-settings';
import { seedShippingSettings } from './shipping-settings';

export const storeModule: BackendModule = {
  name: 'store',
  migrations: storeMigrations,
  seed: async (tx) => {
    await seedStoreViews(tx);
    await seedCountrySettings(tx);
    await seedShippingSettings(tx);
  },
  resolvers: storeResolvers,
};
