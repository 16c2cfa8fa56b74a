/**
 * The query helpers actors use. Spec §5: a document holds one operation of the expected kind (a
 * mutation handed to `runQuery` is a bug, caught before anything is sent). Spec §7: errors that
 * arrive with data still deliver the partial data; a result whose requested fields are all missing
 * is an error carrying the GraphQL errors (so cart-invalid errors reach the cart machine intact).
 */
import { ApolloError, type ApolloClient, type FetchPolicy, type NormalizedCacheObject, type OperationVariables, type TypedDocumentNode } from '@apollo/client';
import type { GraphQLFormattedError } from 'graphql';
import type { DocumentNode, OperationTypeNode } from 'graphql';

export type OperationKind = `${OperationTypeNode}`;

/** Spec §5: exactly one operation, of the expected kind (fragments may accompany it). */
export function assertSingleOperation(document: DocumentNode, kind: OperationKind): void {
  const operations = document.definitions.filter((d) => d.kind === 'OperationDefinition');
  if (operations.length !== 1) {
    throw new Error(`A GraphQL document passed to the query helpers must hold one operation; this one holds ${operations.length}.`);
  }
  const operation = operations[0] as { operation: OperationKind; name?: { value: string } };
  if (operation.operation !== kind) {
    throw new Error(`Expected a ${kind} document, got the ${operation.operation} ${operation.name?.value ?? '(anonymous)'}.`);
  }
}

/** True when every root field is null or absent: nothing usable came back. */
function hasNoData(data: unknown): boolean {
  if (data === null || data === undefined) return true;
  const values = Object.values(data as Record<string, unknown>);
  return values.length === 0 || values.every((value) => value === null || value === undefined);
}

/** Partial data is delivered; errors with nothing usable are thrown as an ApolloError. */
export function dataOrThrow<TData>(data: TData | null | undefined, errors: ReadonlyArray<GraphQLFormattedError> | undefined): TData {
  if (errors && errors.length > 0 && hasNoData(data)) throw new ApolloError({ graphQLErrors: errors });
  if (data === null || data === undefined) throw new ApolloError({ errorMessage: 'The server answered without data.' });
  return data;
}

type Client = ApolloClient<NormalizedCacheObject>;

/**
 * A query whose variables are a shopper's secret (a guest order's token, email and last name) is
 * sent in a POST body, never in a GET URL a proxy may log or cache (the HTTP link reads this flag).
 */
export const SEND_AS_POST = { sendAsPost: true } as const;

export async function runQuery<TData, TVariables extends OperationVariables>(
  client: Client,
  query: TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
  fetchPolicy: FetchPolicy = 'network-only',
  context?: typeof SEND_AS_POST,
): Promise<TData> {
  assertSingleOperation(query, 'query');
  const result = await client.query<TData, TVariables>({
    query,
    ...(variables ? { variables } : {}),
    fetchPolicy,
    errorPolicy: 'all',
    ...(context ? { context } : {}),
  });
  return dataOrThrow(result.data, result.errors);
}

export async function runMutation<TData, TVariables extends OperationVariables>(
  client: Client,
  mutation: TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
): Promise<TData> {
  assertSingleOperation(mutation, 'mutation');
  const result = await client.mutate<TData, TVariables>({ mutation, ...(variables ? { variables } : {}), errorPolicy: 'all' });
  return dataOrThrow(result.data, result.errors);
}
