import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * How many of Magento's API-functional test methods are ported (ADR 036), counted from the contract
 * test files themselves so the number is never kept by hand: every `it` under a `describe` naming a
 * Magento test class (`Magento\GraphQl\…Test`), with the `for (const side of ['Guest', 'Customer'])`
 * loops unrolled, each distinct `Class::method` once (an `it` name's first word is the method).
 */
type Env = Record<string, string>;

function evaluate(node: ts.Expression, env: Env): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return evaluate(node.expression, env);
  if (ts.isIdentifier(node)) return env[node.text];
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    for (const span of node.templateSpans) {
      const part = evaluate(span.expression, env);
      if (part === undefined) return undefined;
      text += part + span.literal.text;
    }
    return text;
  }
  if (ts.isConditionalExpression(node) && ts.isBinaryExpression(node.condition)) {
    const { left, right, operatorToken } = node.condition;
    const [l, r] = [evaluate(left, env), evaluate(right, env)];
    if (l === undefined || r === undefined) return undefined;
    const equal = operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken;
    if (!equal && operatorToken.kind !== ts.SyntaxKind.ExclamationEqualsEqualsToken) return undefined;
    return evaluate((l === r) === equal ? node.whenTrue : node.whenFalse, env);
  }
  return undefined;
}

/** The `Class::method` pairs a contract test file ports. */
export function portedMethods(source: string, fileName = 'contract.test.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node, env: Env, magentoClass: string | undefined): void => {
    if (ts.isForOfStatement(node) && ts.isVariableDeclarationList(node.initializer)) {
      const name = node.initializer.declarations[0]!.name;
      let list = node.expression;
      while (ts.isAsExpression(list) || ts.isParenthesizedExpression(list)) list = list.expression;
      if (ts.isIdentifier(name) && ts.isArrayLiteralExpression(list)) {
        for (const element of list.elements) {
          const value = evaluate(element as ts.Expression, env);
          if (value !== undefined) visit(node.statement, { ...env, [name.text]: value }, magentoClass);
        }
        return;
      }
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.arguments.length >= 2) {
      const title = evaluate(node.arguments[0]!, env);
      if (node.expression.text === 'describe') {
        const named = title?.startsWith('Magento\\GraphQl\\') ? title : undefined;
        node.arguments.slice(1).forEach((a) => visit(a, env, named ?? magentoClass));
        return;
      }
      if (node.expression.text === 'it' && magentoClass && title) {
        found.push(`${magentoClass}::${title.split(' ')[0]}`);
        return;
      }
    }
    ts.forEachChild(node, (child) => visit(child, env, magentoClass));
  };
  visit(file, {}, undefined);
  return found;
}

describe("Magento's API-functional test methods ported (ADR 036)", () => {
  const dir = import.meta.dirname;
  const files = readdirSync(dir).filter((f) => f.endsWith('.contract.test.ts'));
  const methods = files.flatMap((f) => portedMethods(readFileSync(join(dir, f), 'utf8'), f));

  it('counts each Magento class and method once, Guest and Customer apart', () => {
    const counted = portedMethods(`
      for (const side of ['Guest', 'Customer'] as const) {
        describe(\`Magento\\\\GraphQl\\\\Quote\\\\\${side}\\\\PlaceOrderTest\`, () => {
          it(side === 'Guest' ? 'testA' : 'testB', () => {});
          it('testC (a note)', () => {});
        });
      }
      describe('Magento\\\\GraphQl\\\\Quote\\\\Guest\\\\PlaceOrderTest', () => { it('testC', () => {}); });
      describe('the shop', () => { it('testD', () => {}); });`);
    expect(counted).toEqual([
      'Magento\\GraphQl\\Quote\\Guest\\PlaceOrderTest::testA',
      'Magento\\GraphQl\\Quote\\Guest\\PlaceOrderTest::testC',
      'Magento\\GraphQl\\Quote\\Customer\\PlaceOrderTest::testB',
      'Magento\\GraphQl\\Quote\\Customer\\PlaceOrderTest::testC',
      'Magento\\GraphQl\\Quote\\Guest\\PlaceOrderTest::testC',
    ]);
  });

  it('ports no Magento method twice', () => {
    expect(methods.filter((m, i) => methods.indexOf(m) !== i)).toEqual([]);
  });

  it('ports at least 150 of them', () => {
    expect(new Set(methods).size).toBeGreaterThanOrEqual(150);
  });
});
