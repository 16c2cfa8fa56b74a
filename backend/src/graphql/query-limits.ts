/**
 * Magento's GraphQL query limits (`Magento\Framework\GraphQl\Query\QueryComplexityLimiter`, defaults
 * `queryDepth` 20 and `queryComplexity` 300), as graphql-php's QueryDepth and QueryComplexity rules
 * count them, with their words: a query Magento refuses is refused here, and one it serves is served.
 *
 * - Depth: only fields with a selection count; root ones are at depth 0, each one inside another's
 *   selection one deeper; fragments count where they are spread. "Max query depth should be 20 but
 *   got 21."
 * - Complexity: every field (`__typename` too) costs 1 plus its children's cost (graphql-php's
 *   default); fragments count where spread; a literal `@skip(if: true)` / `@include(if: false)` costs
 *   nothing, a condition a variable decides counts as selected. "Max query complexity should be 300
 *   but got 301."
 *
 * Introspection (`__schema`, `__type`) is not counted, as Magento leaves it to its own setting.
 * Aliases are counted by their fields: 60 aliased `products` cost 60 times one. Each fragment is
 * counted once (memoised), so no document, however its fragments nest, takes long to count.
 */
import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';

export const MAGENTO_QUERY_DEPTH = 20;
export const MAGENTO_QUERY_COMPLEXITY = 300;

/** The fragments of a document, and what each one costs once counted (a fragment is counted once, wherever it is spread). */
interface Counting {
  fragments: Map<string, FragmentDefinitionNode>;
  memo: Map<string, number>;
  /** Fragments being counted: a spread of one of them again is a cycle (GraphQL's NoFragmentCycles refuses it). */
  open: Set<string>;
}

type Measure = (selectionSet: SelectionSetNode, counting: Counting) => number;

/**
 * Whether `@skip` / `@include` leave a selection out. Only a literal condition counts: one that a
 * variable decides is counted as selected, whatever this request's variables say, since a validated
 * document is reused for other variables.
 */
function isSkipped(node: { directives?: readonly { name: { value: string }; arguments?: readonly { name: { value: string }; value: unknown }[] }[] }): boolean {
  for (const directive of node.directives ?? []) {
    const condition = directive.arguments?.find((a) => a.name.value === 'if')?.value as { kind: string; value?: boolean } | undefined;
    if (!condition || condition.kind !== Kind.BOOLEAN) continue;
    if (directive.name.value === 'skip' && condition.value) return true;
    if (directive.name.value === 'include' && !condition.value) return true;
  }
  return false;
}

/**
 * Adds up `measure` over a selection set: `field` gives a field's own value from its selection
 * (null for a leaf); fragments are counted once each (memoised) and a cycle counts nothing.
 */
function overSelections(
  combine: (a: number, b: number) => number,
  field: (children: SelectionSetNode | null, counting: Counting) => number,
  memoKey: string,
): Measure {
  const measure: Measure = (selectionSet, counting) => {
    let total = -1;
    const add = (value: number) => (total = total < 0 ? value : combine(total, value));
    for (const selection of selectionSet.selections) {
      if (isSkipped(selection)) continue;
      if (selection.kind === Kind.FIELD) {
        // Introspection is left to its own setting; __typename is a field like any other.
        if (selection.name.value === '__schema' || selection.name.value === '__type') continue;
        add(field(selection.selectionSet ?? null, counting));
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const value = measure(selection.selectionSet, counting);
        if (value >= 0) add(value);
      } else {
        const name = selection.name.value;
        const fragment = counting.fragments.get(name);
        if (!fragment || counting.open.has(name)) continue;
        const key = `${memoKey}:${name}`;
        let value = counting.memo.get(key);
        if (value === undefined) {
          counting.open.add(name);
          value = measure(fragment.selectionSet, counting);
          counting.open.delete(name);
          counting.memo.set(key, value);
        }
        if (value >= 0) add(value);
      }
    }
    return total;
  };
  return measure;
}

/**
 * graphql-php's QueryDepth: only fields with a selection count; root ones are at depth 0 (so
 * `{ products { items { sku } } }` is 1 deep). -1 for a selection of leaves only.
 */
const depthOf: Measure = overSelections(Math.max, (children, counting) => (children ? Math.max(0, 1 + depthOf(children, counting)) : -1), 'depth');

/** graphql-php's QueryComplexity: each field costs 1 plus its children. */
const complexityOf: Measure = overSelections(
  (a, b) => a + b,
  (children, counting) => 1 + (children ? Math.max(0, complexityOf(children, counting)) : 0),
  'complexity',
);

function limitRule(measure: Measure, max: number, message: (max: number, found: number) => string): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map(context.getDocument().definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
    const counting: Counting = { fragments, memo: new Map(), open: new Set() };
    return {
      OperationDefinition(operation) {
        const found = Math.max(measure(operation.selectionSet, counting), 0);
        if (found > max) context.reportError(new GraphQLError(message(max, found), { nodes: [operation] }));
      },
    };
  };
}

export interface QueryLimits {
  depth?: number;
  complexity?: number;
}

/** The validation rules of Magento's limits (they depend on the document only: validation is cached per document). */
export function queryLimitRules(limits: QueryLimits = {}): ValidationRule[] {
  return [
    limitRule(depthOf, limits.depth ?? MAGENTO_QUERY_DEPTH, (max, found) => `Max query depth should be ${max} but got ${found}.`),
    limitRule(complexityOf, limits.complexity ?? MAGENTO_QUERY_COMPLEXITY, (max, found) => `Max query complexity should be ${max} but got ${found}.`),
  ];
}
