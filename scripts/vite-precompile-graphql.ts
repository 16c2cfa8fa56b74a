import { parse } from 'graphql';
import type { Plugin } from 'vite';
import ts from 'typescript';

const HELPER = '/src/services/apollo/compiled-document.ts';

/**
 * Production builds parse every `gql` document at build time, so the browser ships no GraphQL
 * parser: gql`…${FRAGMENT}` becomes `compiledDocument(<definitions>, [FRAGMENT])`. An
 * interpolation that is not a plain identifier (or a.b) fails the build.
 */
export function precompileGraphqlPlugin(): Plugin {
  return {
    name: 'eyewear:precompile-graphql',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0]!;
      if (!/\/src\/.*\.tsx?$/.test(path) || /\.(test|stories)\.tsx?$/.test(path) || !code.includes('gql`')) return null;
      return { code: compileGqlTemplates(code, path), map: null };
    },
  };
}

/**
 * graphql-js writes `directives: []`, `arguments: []` and `variableDefinitions: []` on every node;
 * its AST types mark them optional and every reader (graphql's printer and visitor, Apollo Client)
 * treats a missing list as empty. Left out, the documents the shell ships shrink by about a third.
 */
const OPTIONAL_LISTS = new Set(['directives', 'arguments', 'variableDefinitions']);
function withoutEmptyLists(key: string, value: unknown): unknown {
  return OPTIONAL_LISTS.has(key) && Array.isArray(value) && value.length === 0 ? undefined : value;
}

export function compileGqlTemplates(code: string, path: string): string {
  const source = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'gql') {
      const template = node.template;
      const text = ts.isNoSubstitutionTemplateLiteral(template)
        ? template.text
        : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join('\n');
      const fragments = ts.isNoSubstitutionTemplateLiteral(template)
        ? []
        : template.templateSpans.map((span) => {
            if (!ts.isIdentifier(span.expression) && !ts.isPropertyAccessExpression(span.expression)) {
              const { line, character } = source.getLineAndCharacterOfPosition(span.expression.getStart(source));
              throw new Error(`${path}:${line + 1}:${character + 1}: a gql interpolation must be a fragment document's name`);
            }
            return span.expression.getText(source);
          });
      let definitions: string;
      try {
        definitions = JSON.stringify(parse(text, { noLocation: true }).definitions, withoutEmptyLists);
      } catch (error) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        throw new Error(`${path}:${line + 1}: ${(error as Error).message}`);
      }
      edits.push({ start: node.getStart(source), end: node.getEnd(), text: `__compiledDocument(${definitions}, [${fragments.join(', ')}])` });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!edits.length) return code;
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return `import { compiledDocument as __compiledDocument } from '${HELPER}';\n${out}`;
}
