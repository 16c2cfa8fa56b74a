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
 * A result type a document declares in place of its generated one, checked to be wider: it fails to
 * compile unless the generated type is assignable to it. `TypedDocumentNode<Widens<XQuery, Declared>, …>`.
 */
export type Widens<_Generated extends Declared, Declared> = Declared;
