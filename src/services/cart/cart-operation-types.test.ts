import { describe, expectTypeOf, it } from 'vitest';
import type { ConfigurableOption } from '../../machines/cart/cart.types';
import type { CartLineConfigurableOptionFragment } from '../apollo/generated/operation-types';

// Checked by the typecheck (a gate of `npm test`): machines import no generated type (DESIGN.md §2),
// so the cart machine's hand-written types are held to the generated ones here.
describe('the cart machine types and the generated operation types', () => {
  it("spec §3 cart item: a configurable line's chosen option is exactly what CartLineConfigurableOption selects", () => {
    expectTypeOf<ConfigurableOption>().toEqualTypeOf<CartLineConfigurableOptionFragment>();
  });
});
