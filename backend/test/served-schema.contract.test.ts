import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedSchemaOf } from '../src/backend';
import { BACKEND_MODULES } from '../src/modules/modules';
import { startTestBackend, type TestBackend } from './test-backend';

/**
 * The served schema is built once per process for a set of modules (backend.ts `servedSchemaOf`):
 * two backends on the same modules share it, and still answer from their own databases.
 */
describe('the served schema, one per set of modules', () => {
  it('is built once for the same set of modules and anew for another set', () => {
    const schema = servedSchemaOf(BACKEND_MODULES);
    expect(servedSchemaOf(BACKEND_MODULES)).toBe(schema);
    const another = servedSchemaOf([...BACKEND_MODULES]);
    expect(another).not.toBe(schema);
    expect(Object.keys(another.getQueryType()!.getFields())).toEqual(Object.keys(schema.getQueryType()!.getFields()));
  });

  describe('two backends on the same modules', () => {
    let first: TestBackend;
    let second: TestBackend;
    beforeAll(async () => {
      first = await startTestBackend();
      second = await startTestBackend();
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
    });

    it('each answers from its own database: a cart made in one is not found in the other', async () => {
      const made = await first.gql<{ createGuestCart: { cart: { id: string } } }>('mutation { createGuestCart { cart { id } } }');
      const cartId = made.data!.createGuestCart.cart.id;
      const query = 'query ($id: String!) { cart(cart_id: $id) { id } }';
      expect((await first.gql<{ cart: { id: string } }>(query, { id: cartId })).data?.cart.id).toBe(cartId);
      const elsewhere = await second.gql(query, { id: cartId });
      expect(elsewhere.errors?.[0]?.message).toBe(`Could not find a cart with ID "${cartId}"`);
    });
  });
});
