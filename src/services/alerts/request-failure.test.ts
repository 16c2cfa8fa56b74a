import { ApolloError } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { requestFailureOf } from './request-failure';

describe('requestFailureOf', () => {
  it('a GraphQL error is the shop refusing, with the spec §8 joined message', () => {
    const error = new ApolloError({
      graphQLErrors: [{ message: 'The unsubscribe link is invalid or the alert no longer exists.', extensions: { category: 'graphql-input' } }],
    });
    expect(requestFailureOf(error)).toEqual({ kind: 'refused', message: 'The unsubscribe link is invalid or the alert no longer exists.' });
  });

  it("an authorization error means the shopper must sign in (Magento's graphql-authorization category)", () => {
    const error = new ApolloError({
      graphQLErrors: [{ message: "The current customer isn't authorized.", extensions: { category: 'graphql-authorization' } }],
    });
    expect(requestFailureOf(error)).toEqual({ kind: 'unauthorized', message: "The current customer isn't authorized." });
  });

  it('a network failure is "unreachable": nothing is known, the page offers to try again', () => {
    const error = new ApolloError({ networkError: new TypeError('Failed to fetch') });
    expect(requestFailureOf(error)).toEqual({ kind: 'unreachable', message: 'Failed to fetch' });
    expect(requestFailureOf(new Error('offline'))).toEqual({ kind: 'unreachable', message: 'offline' });
    expect(requestFailureOf('boom')).toEqual({ kind: 'unreachable', message: 'boom' });
  });
});
