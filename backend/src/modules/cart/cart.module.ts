import type { BackendModule } from '../../module';
import { defaultModuleDeps, type ModuleDeps } from '../../shared/module-deps';
import { cartAnswerStamp, customerCartAnswerStamp } from './cart-answer-stamp';
import { cartMigrations } from './cart.migrations';
import { cartResolvers } from './cart.resolvers';
import { seedCarts } from './cart.seed';

/** Carts: guest and customer carts, their lines, coupons, totals (tax, shipping and payment methods on offer). */
export function createCartModule(deps: ModuleDeps = defaultModuleDeps): BackendModule {
  return {
    name: 'cart',
    migrations: cartMigrations,
    seed: (tx) => seedCarts(tx),
    resolvers: cartResolvers(deps),
    // A cart answer is kept while its cart's version and coupon (and a signed-in caller's token) read the same (ADR 034).
    answerStamps: {
      cart: (q, args, token) => cartAnswerStamp(q, args.cart_id, token, deps.clock.now()),
      customerCart: (q, _args, token) => customerCartAnswerStamp(q, token, deps.clock.now()),
    },
  };
}

export const cartModule: BackendModule = createCartModule();
