import type { BackendModule } from '../module';
import { catalogModule } from './catalog/catalog.module';
import { commerceModule } from './commerce/commerce.module';
import { storeModule } from './store/store.module';

/** Every module of the embedded backend, in seed order. */
export const BACKEND_MODULES: readonly BackendModule[] = [storeModule, catalogModule, commerceModule];
