/**
 * Magento's GraphQL query limits (`Magento\Framework\GraphQl\Query\QueryComplexityLimiter`, defaults
 * `queryDepth` 20 and `queryComplexity` 300), as graphql-php's QueryDepth and QueryComplexity rules
 * count them, with their words: a query Magento refuses is refused here, and one it serves is served.
 *
 * - Depth: root fields are at depth 0; each field inside a field's selection is one deeper; fragments
 *   count where they are spread. "Max query depth should be 20 but got 21."
 * - Complexity: every field costs 1 plus its children's cost (graphql-php's default); fragments count
 *   where spread; fields skipped by `@skip` / `@include` cost nothing. "Max query complexity should
 *   be 300 but got 301."
 *
 * Introspection (`__schema`, `__type`) is not counted, as Magento leaves it to its own setting.
 * Aliases are counted by their fields: 60 aliased `products` cost 60 times one.
 */
import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';

export const MAGENTO_QUERY_DEPTH = 20;
export const MAGENTO_QUERY_COMPLEXITY = 300;

type Measure = (selectionSet: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, variables: Record<string, unknown>) => number;

/** Whether `@skip` / `@include` leave a selection out (their `if` read from the variables). */
function isSkipped(node: { directives?: readonly { name: { value: string }; arguments?: readonly { name: { value: string }; value: unknown }[] }[] }, variables: Record<string, unknown>): boolean {
  for (const directive of node.directives ?? []) {
    const condition = directive.arguments?.find((a) => a.name.value === 'if')?.value as { kind: string; value?: boolean; name?: { value: string } } | undefined;
    if (!condition) continue;
    const value = condition.kind === Kind.VARIABLE ? Boolean(variables[condition.name!.value]) : Boolean(condition.value);
    if (directive.name.value === 'skip' && value) return true;
    if (directive.name.value === 'include' && !value) return true;
  }
  return false;
}

/** Each selected field (fragments flattened, introspection and skipped ones left out), with its own selection. */
function* fieldsOf(selectionSet: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, variables: Record<string, unknown>, seen = new Set<string>()): Generator<SelectionSetNode | null> {
  for (const selection of selectionSet.selections) {
    if (isSkipped(selection, variables)) continue;
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue;
      yield selection.selectionSet ?? null;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      yield* fieldsOf(selection.selectionSet, fragments, variables, seen);
    } else {
      const fragment = fragments.get(selection.name.value);
      // A fragment that spreads itself is refused by GraphQL's own NoFragmentCycles rule.
      if (!fragment || seen.has(fragment.name.value)) continue;
      yield* fieldsOf(fragment.selectionSet, fragments, variables, new Set([...seen, fragment.name.value]));
    }
  }
}

/** The deepest field's depth, root fields at 0 (-1 for an empty selection). */
const depthOf: Measure = (selectionSet, fragments, variables) => {
  let deepest = -1;
  for (const children of fieldsOf(selectionSet, fragments, variables)) deepest = Math.max(deepest, children ? 1 + depthOf(children, fragments, variables) : 0);
  return deepest;
};

const complexityOf: Measure = (selectionSet, fragments, variables) => {
  let total = 0;
  for (const children of fieldsOf(selectionSet, fragments, variables)) total += 1 + (children ? complexityOf(children, fragments, variables) : 0);
  return total;
};

function limitRule(measure: Measure, max: number, message: (max: number, found: number) => string, variables: Record<string, unknown>): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map(context.getDocument().definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
    return {
      OperationDefinition(operation) {
        const found = Math.max(measure(operation.selectionSet, fragments, variables), 0);
        if (found > max) context.reportError(new GraphQLError(message(max, found), { nodes: [operation] }));
      },
    };
  };
}

export interface QueryLimits {
  depth?: number;
  complexity?: number;
}

/** The validation rules of Magento's limits, for the request's variables. */
export function queryLimitRules(variables: Record<string, unknown> = {}, limits: QueryLimits = {}): ValidationRule[] {
  return [
    limitRule(depthOf, limits.depth ?? MAGENTO_QUERY_DEPTH, (max, found) => `Max query depth should be ${max} but got ${found}.`, variables),
    limitRule(complexityOf, limits.complexity ?? MAGENTO_QUERY_COMPLEXITY, (max, found) => `Max query complexity should be ${max} but got ${found}.`, variables),
  ];
}
