import { ApolloClient, ApolloLink, InMemoryCache, Observable, type FetchResult } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { requestFailureOf } from '../alerts/request-failure';
import { restoreAbandonedCart } from './restore-abandoned-cart';

/** A client whose link answers by operation name and records what was sent. */
function backend(answers: Record<string, FetchResult>) {
  const seen: Array<{ name: string; variables: Record<string, unknown> }> = [];
  const link = new ApolloLink((operation) => {
    seen.push({ name: operation.operationName, variables: operation.variables });
    const answer = answers[operation.operationName];
    return Observable.of(answer ?? ({ errors: [{ message: `unexpected ${operation.operationName}` }] } as FetchResult));
  });
  return { client: new ApolloClient({ cache: new InMemoryCache(), link }), seen };
}

const LINK = { cart_id: '1', token: '5eed0abandoned0cart0token0000001' };
const cart = (id: string, total_quantity: number) => ({ __typename: 'Cart', id, total_quantity });
const restored = {
  data: { lunetteRestoreAbandonedCart: { __typename: 'LunetteRestoreAbandonedCartOutput', cart_id: 'GUESTCART', cart: cart('GUESTCART', 1) } },
};

describe('restoreAbandonedCart (spec §2 abandoned-cart link)', () => {
  it('spec §2: a guest gets the restored cart itself', async () => {
    const { client, seen } = backend({ RestoreAbandonedCart: restored });
    await expect(restoreAbandonedCart(client, LINK, false)).resolves.toBe('GUESTCART');
    expect(seen).toEqual([{ name: 'RestoreAbandonedCart', variables: { input: LINK } }]);
  });

  it("spec §6: a signed-in customer opening a guest cart's link gets its lines merged into their own cart", async () => {
    const { client, seen } = backend({
      RestoreAbandonedCart: restored,
      RestoringCustomerCart: { data: { customerCart: { __typename: 'Cart', id: 'CUSTOMERCART' } } },
      MergeRestoredCart: { data: { mergeCarts: cart('CUSTOMERCART', 3) } },
    });
    await expect(restoreAbandonedCart(client, LINK, true)).resolves.toBe('CUSTOMERCART');
    expect(seen.map((s) => s.name)).toEqual(['RestoreAbandonedCart', 'RestoringCustomerCart', 'MergeRestoredCart']);
    expect(seen[2]!.variables).toEqual({ source: 'GUESTCART', destination: 'CUSTOMERCART' });
  });

  it("a customer's own cart comes back without a merge", async () => {
    const { client, seen } = backend({
      RestoreAbandonedCart: {
        data: { lunetteRestoreAbandonedCart: { __typename: 'LunetteRestoreAbandonedCartOutput', cart_id: 'CUSTOMERCART', cart: cart('CUSTOMERCART', 2) } },
      },
      RestoringCustomerCart: { data: { customerCart: { __typename: 'Cart', id: 'CUSTOMERCART' } } },
    });
    await expect(restoreAbandonedCart(client, LINK, true)).resolves.toBe('CUSTOMERCART');
    expect(seen.map((s) => s.name)).toEqual(['RestoreAbandonedCart', 'RestoringCustomerCart']);
  });

  it('spec §8: a wrong or expired token rejects with the backend refusal, and nothing else is asked', async () => {
    const { client, seen } = backend({
      RestoreAbandonedCart: {
        data: { lunetteRestoreAbandonedCart: null },
        errors: [{ message: 'This cart link is invalid or has expired.', extensions: { category: 'graphql-input' } }],
      } as FetchResult,
    });
    const error = await restoreAbandonedCart(client, LINK, true).catch((e: unknown) => e);
    expect(requestFailureOf(error)).toEqual({ kind: 'refused', message: 'This cart link is invalid or has expired.' });
    expect(seen).toHaveLength(1);
  });
});
