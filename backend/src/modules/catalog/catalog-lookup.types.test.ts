import { describe, expectTypeOf, it } from 'vitest';
import type { SelectedConfigurableOption } from '../../graphql/generated/resolvers-types';
import type { ConfigurableChoice } from './catalog-lookup';

// Checked by the typecheck (a gate of `npm test`). catalog-lookup.ts cannot import the generated
// resolver types itself: they import the request context, which reaches catalog-lookup again
// (an import cycle .dependency-cruiser.cjs forbids), so its type is held to the schema's here.
describe('catalog lookup types and the generated resolver types', () => {
  it('a chosen configurable option is exactly the schema’s SelectedConfigurableOption', () => {
    expectTypeOf<ConfigurableChoice>().toEqualTypeOf<Omit<SelectedConfigurableOption, '__typename'>>();
  });
});
