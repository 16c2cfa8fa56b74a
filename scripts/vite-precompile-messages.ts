import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import ts from 'typescript';

/**
 * Production builds ship react-intl without its ICU message parser (~8 kB gzip of the home route's
 * budget): every message reaches the browser already compiled to its AST.
 * - `defaultMessage` literals in the app's sources (`defaultMessage: '…'`, `defaultMessage="…"`)
 *   are replaced by their AST; any other `defaultMessage` (a variable, a template with `${}`) fails
 *   the build, since the browser could not parse it.
 * - The message catalogues (`src/services/i18n/messages/<language>/*.json`) become JSON of ASTs.
 * - `@formatjs/icu-messageformat-parser` resolves to its parser-free entry.
 */
export function precompileMessagesPlugin(): Plugin {
  return {
    name: 'eyewear:precompile-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
      },
    }),
    transform(code, id) {
      const path = id.split('?')[0]!;
      if (/\/src\/services\/i18n\/messages\/[^/]+\/[^/]+\.json$/.test(path)) return { code: compileCatalogue(code, path), map: null };
      if (!/\/src\/.*\.tsx?$/.test(path) || /\.(test|stories)\.tsx?$/.test(path) || !code.includes('defaultMessage')) return null;
      return { code: compileDefaultMessages(code, path), map: null };
    },
  };
}

const ast = (message: string) => JSON.stringify(parseMessage(message, { shouldParseSkeletons: true }));

function compileCatalogue(json: string, path: string): string {
  const messages = JSON.parse(json) as Record<string, unknown>;
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(messages).map(([id, message]) => {
        if (typeof message !== 'string') throw new Error(`${path}: message "${id}" is not a string`);
        return [id, JSON.parse(ast(message))];
      }),
    ),
  );
}

/** Replaces each `defaultMessage` string literal with its AST, last to first so offsets hold. */
export function compileDefaultMessages(code: string, path: string): string {
  const source = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  const literalOf = (node: ts.Node | undefined): string | null => {
    if (!node) return null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isJsxExpression(node)) return literalOf(node.expression);
    if (ts.isParenthesizedExpression(node)) return literalOf(node.expression);
    return null;
  };
  const fail = (node: ts.Node) => {
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    throw new Error(`${path}:${line + 1}:${character + 1}: defaultMessage must be a string literal (production builds ship no message parser)`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'defaultMessage') {
      const text = literalOf(node.initializer);
      if (text === null) fail(node.initializer);
      else edits.push({ start: node.initializer.getStart(source), end: node.initializer.getEnd(), text: ast(text) });
    } else if (ts.isJsxAttribute(node) && node.name.getText(source) === 'defaultMessage') {
      const text = literalOf(node.initializer);
      if (text === null) fail(node.initializer ?? node);
      else edits.push({ start: node.initializer!.getStart(source), end: node.initializer!.getEnd(), text: `{${ast(text)}}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
