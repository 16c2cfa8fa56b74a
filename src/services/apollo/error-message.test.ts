import { ApolloError } from '@apollo/client';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { composeErrorMessage, ERROR_MESSAGE_NOT_FOUND } from './error-message';

describe('composeErrorMessage', () => {
  it('spec §8 GraphQL errors: GraphQL and client error messages one per line, then the network error', () => {
    const message = composeErrorMessage({
      graphQLErrors: [{ message: 'Could not find a cart with ID "x"' }, { message: "The cart isn't active." }],
      clientErrors: [new Error('Bad variables')],
      networkError: new Error('Failed to fetch'),
    });
    expect(message).toBe('Could not find a cart with ID "x"\nThe cart isn\'t active.\nBad variables\nFailed to fetch');
  });

  it("spec §8 GraphQL errors: 'Error message not found.' where a message is missing", () => {
    expect(composeErrorMessage({ graphQLErrors: [{}, { message: '' }, null], networkError: { status: 500 } })).toBe(
      [ERROR_MESSAGE_NOT_FOUND, ERROR_MESSAGE_NOT_FOUND, ERROR_MESSAGE_NOT_FOUND, ERROR_MESSAGE_NOT_FOUND].join('\n'),
    );
    expect(composeErrorMessage({})).toBe('');
  });

  it('spec §8: composes the same text Apollo gives its errors, so every error reads alike', () => {
    const parts = {
      graphQLErrors: [new GraphQLError('First'), new GraphQLError('Second')],
      clientErrors: [new Error('Client side')],
      networkError: new Error('Offline'),
    };
    expect(composeErrorMessage(parts)).toBe(new ApolloError(parts).message);
  });
});
