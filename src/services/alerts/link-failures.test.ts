import { ApolloError } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { restoreFailureOf } from '../abandoned-cart/abandoned-cart.actors';
import { subscribeFailureOf, unsubscribeFailureOf } from './product-alert.actors';

const refusedWith = (message: string, category = 'graphql-input') => new ApolloError({ graphQLErrors: [{ message, extensions: { category } }] });
const unauthorized = refusedWith("The current customer isn't authorized.", 'graphql-authorization');
const offline = new ApolloError({ networkError: new TypeError('Failed to fetch') });

describe('how a link page’s failure reads (spec §2 routes, §8 error catalogue)', () => {
  it('spec §2 /stock: an ended session asks to sign in again, an unknown SKU says so, other refusals and the network can be retried', () => {
    expect(subscribeFailureOf(unauthorized)).toEqual({ kind: 'refused', reason: 'signInAgain' });
    expect(subscribeFailureOf(refusedWith('Could not find a product with SKU "NO-SUCH-FRAME"', 'graphql-no-such-entity'))).toEqual({
      kind: 'refused',
      reason: 'unknownProduct',
    });
    expect(subscribeFailureOf(refusedWith('Internal server error'))).toEqual({ kind: 'retryable', detail: 'Internal server error' });
    expect(subscribeFailureOf(offline)).toEqual({ kind: 'retryable', detail: null });
  });

  it('spec §2 unsubscribe links: any refusal means the link does not work; only the network can be retried', () => {
    expect(unsubscribeFailureOf(refusedWith('The unsubscribe link is invalid or the alert no longer exists.'))).toEqual({ kind: 'refused', reason: 'badLink' });
    expect(unsubscribeFailureOf(unauthorized)).toEqual({ kind: 'refused', reason: 'badLink' });
    expect(unsubscribeFailureOf(offline)).toEqual({ kind: 'retryable', detail: null });
  });

  it('spec §2 abandoned-cart link: a customer’s cart asks a guest to sign in, an ordered cart is unavailable, a bad token a bad link', () => {
    expect(restoreFailureOf(unauthorized, false)).toEqual({ kind: 'refused', reason: 'signInNeeded' });
    expect(restoreFailureOf(unauthorized, true)).toEqual({ kind: 'refused', reason: 'badLink' });
    expect(restoreFailureOf(refusedWith("The cart isn't active."), false)).toEqual({ kind: 'refused', reason: 'unavailable' });
    expect(restoreFailureOf(refusedWith('The cart link has expired or is not valid.'), false)).toEqual({ kind: 'refused', reason: 'badLink' });
    expect(restoreFailureOf(offline, false)).toEqual({ kind: 'retryable', detail: null });
  });
});
