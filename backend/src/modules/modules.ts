import type { BackendModule } from '../module';
import { defaultModuleDeps, type ModuleDeps } from '../shared/module-deps';
import { createCartModule } from './cart/cart.module';
import { catalogModule } from './catalog/catalog.module';
import { createCheckoutModule } from './checkout/checkout.module';
import { createCustomerModule } from './customer/customer.module';
import { createEyewearModule } from './eyewear/eyewear.module';
import { storeModule } from './store/store.module';

/**
 * Every module of the embedded backend, in seed order (each may use the ones before it):
 * store → catalog → customer → cart → checkout → eyewear. `deps` (clock, log) go to the shop's
 * modules; tests inject a clock this way.
 */
export function createBackendModules(deps: ModuleDeps = defaultModuleDeps): readonly BackendModule[] {
  return [storeModule, catalogModule, createCustomerModule(deps), createCartModule(deps), createCheckoutModule(deps), createEyewearModule(deps)];
}

export const BACKEND_MODULES: readonly BackendModule[] = createBackendModules();
