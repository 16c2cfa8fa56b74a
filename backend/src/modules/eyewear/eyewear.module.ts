import { mergeResolvers } from '../../graphql/schema';
import type { BackendModule } from '../../module';
import { defaultModuleDeps, type ModuleDeps } from '../../shared/module-deps';
import { abandonedCartResolvers } from './abandoned-cart.resolvers';
import { eyewearMigrations } from './eyewear.migrations';
import { seedEyewear } from './eyewear.seed';
import { prescriptionFixResolvers } from './prescription-fix.resolvers';
import { prescriptionUploadRoutes } from './prescription-upload.routes';
import { productAlertResolvers } from './product-alert.resolvers';
import { savedPrescriptionResolvers } from './saved-prescription.resolvers';

/**
 * The shop's own extension (a real shop's Magento module `Lunette_Eyewear`; its GraphQL is
 * backend/schema/extension.graphql): saved prescriptions, prescription fixes and uploads, product
 * alerts, abandoned-cart links.
 */
export function createEyewearModule(deps: ModuleDeps = defaultModuleDeps): BackendModule {
  return {
    name: 'eyewear',
    migrations: eyewearMigrations,
    seed: (tx) => seedEyewear(tx),
    resolvers: mergeResolvers([productAlertResolvers(deps), savedPrescriptionResolvers(deps), prescriptionFixResolvers(deps), abandonedCartResolvers(deps)]),
    routes: (router, routeDeps) => prescriptionUploadRoutes(router, routeDeps, deps),
  };
}

export const eyewearModule: BackendModule = createEyewearModule();
