/** Type helpers over the generated operation types (src/services/apollo/generated/operation-types.ts). */

type KeysOfUnion<U> = U extends unknown ? keyof U : never;

/**
 * A union of selections (a document's `... on ConfigurableProduct { … }` makes one member per type)
 * read as one object: the fields every member has as they are, the others optional. Each member is
 * assignable to it, so a document may be typed with it in place of the generated union.
 */
export type MergedSelection<U> = { [K in keyof U]: U[K] } & { [K in Exclude<KeysOfUnion<U>, keyof U>]?: U extends { [P in K]: infer V } ? V : never };

/** The non-null element type of a generated list field (`Array<T | null> | null`). */
export type ItemOf<L> = NonNullable<NonNullable<L>[number & keyof NonNullable<L>]>;

/**
 * A generated selection read with every field present: null taken out all the way down. For a
 * machine's domain type that takes as given what Magento always fills though its schema allows null
 * (a cart's money, names, codes; machines import no generated type, ADR 001): the service that
 * hands an answer to the machine asserts `answer as Filled<Generated>` where the machine's type is
 * expected: a required field of the machine's type that the document does not select fails the
 * typecheck there, and a type test may hold every field (`src/services/cart/cart-operation-types.test.ts`).
 */
export type Filled<T> =
  T extends ReadonlyArray<infer E> ? Array<Filled<NonNullable<E>>> : T extends object ? { [K in keyof T]-?: Filled<NonNullable<T[K]>> } : NonNullable<T>;
