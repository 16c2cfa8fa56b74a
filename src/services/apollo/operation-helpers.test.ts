import { gql, InMemoryCache, ApolloClient, ApolloLink, Observable } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { CART_QUANTITY_QUERY } from './apollo.test-helpers';
import { assertSingleOperation, runMutation, runQuery } from './operation-helpers';

const M = gql`
  mutation CreateCart {
    createEmptyCart
  }
`;

function clientAnswering(result: Record<string, unknown>) {
  return new ApolloClient({ cache: new InMemoryCache(), link: new ApolloLink(() => Observable.of(result)) });
}

describe('query helpers', () => {
  it('spec §5: a document passed to the query helpers must hold one operation of the expected kind', () => {
    expect(() => assertSingleOperation(CART_QUANTITY_QUERY, 'query')).not.toThrow();
    expect(() => assertSingleOperation(M, 'query')).toThrow('Expected a query document, got the mutation CreateCart.');
    expect(() =>
      assertSingleOperation(
        gql`
          query A {
            cart(cart_id: "x") {
              id
            }
          }
          query B {
            cart(cart_id: "y") {
              id
            }
          }
        `,
        'query',
      ),
    ).toThrow('must hold one operation; this one holds 2');
    expect(() =>
      assertSingleOperation(
        gql`
          fragment F on Cart {
            id
          }
        `,
        'query',
      ),
    ).toThrow('this one holds 0');
  });

  it('spec §5: a mutation handed to runQuery is refused before anything is sent', async () => {
    await expect(runQuery(clientAnswering({ data: {} }), M as never)).rejects.toThrow('Expected a query document');
    await expect(runMutation(clientAnswering({ data: {} }), CART_QUANTITY_QUERY as never)).rejects.toThrow('Expected a mutation document');
  });

  it('spec §7: partial data arriving with errors is delivered', async () => {
    const client = clientAnswering({ data: { cart: { __typename: 'Cart', id: 'c1', total_quantity: null } }, errors: [{ message: 'total unavailable' }] });
    await expect(runQuery(client, CART_QUANTITY_QUERY, { cartId: 'c1' })).resolves.toEqual({ cart: { __typename: 'Cart', id: 'c1', total_quantity: null } });
  });

  it('spec §5: errors without usable data reject with the GraphQL errors kept (cart-invalid errors reach the cart)', async () => {
    const client = clientAnswering({ data: { cart: null }, errors: [{ message: 'Could not find a cart with ID "c1"' }] });
    const error = await runQuery(client, CART_QUANTITY_QUERY, { cartId: 'c1' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Could not find a cart with ID "c1"', graphQLErrors: [{ message: 'Could not find a cart with ID "c1"' }] });
  });

  it('runMutation returns the data of a mutation', async () => {
    await expect(runMutation(clientAnswering({ data: { createEmptyCart: 'new-cart' } }), M)).resolves.toEqual({ createEmptyCart: 'new-cart' });
  });
});
