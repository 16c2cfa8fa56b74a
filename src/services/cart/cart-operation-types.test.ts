import { describe, expectTypeOf, it } from 'vitest';
import type { CartDetails, CartItem, ConfigurableOption } from '../../machines/cart/cart.types';
import type { CartDetailsFragment, CartLineConfigurableOptionFragment } from '../apollo/generated/operation-types';
import type { Filled } from '../apollo/selection-types';

// Checked by the typecheck (a gate of `npm test`): machines import no generated type (ADR 001),
// so the cart machine's hand-written types are held to the generated ones here.

/** A type with every field required, all the way down: a field it has that the document does not select fails. */
type EveryField<T> =
  T extends ReadonlyArray<infer E> ? Array<EveryField<E>> : T extends object ? { [K in keyof T]-?: EveryField<NonNullable<T[K]>> } : NonNullable<T>;
type SelectedLine = NonNullable<Filled<CartDetailsFragment>['items']>[number];

describe('the cart machine types and the generated operation types', () => {
  it("spec §3 cart item: a configurable line's chosen option is exactly what CartLineConfigurableOption selects", () => {
    expectTypeOf<ConfigurableOption>().toEqualTypeOf<CartLineConfigurableOptionFragment>();
  });

  it('spec §3 cart: every field of the machine’s cart details is selected by CartDetailsFragment (the actors hand it over read as filled)', () => {
    expectTypeOf<Filled<CartDetailsFragment>>().toExtend<CartDetails>();
    expectTypeOf<Omit<Filled<CartDetailsFragment>, 'items'>>().toExtend<Omit<EveryField<CartDetails>, 'items'>>();
    // A configurable line has every field of the machine's line (Apollo adds __typename on the wire).
    expectTypeOf<Extract<SelectedLine, { configured_variant: unknown }>>().toExtend<Omit<EveryField<CartItem>, '__typename'>>();
    expectTypeOf<Omit<Filled<CartDetailsFragment>, 'total_quantity'>>().not.toExtend<Omit<EveryField<CartDetails>, 'items'>>();
  });
});
