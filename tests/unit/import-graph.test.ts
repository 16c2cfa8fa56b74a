import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import graph's rules (.dependency-cruiser.cjs, run over the real tree by `npm run lint`):
 * each case cruises a small tree laid out like `src/ui` and shows which rule it breaks.
 */
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

async function violationsOf(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = await cruise(['src'], { baseDir: root, validate: true, ruleSet: { forbidden: config.forbidden }, tsPreCompilationDeps: true });
  if (typeof result.output === 'string') throw new Error('expected a cruise result, got text');
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

const cart = {
  'src/ui/cart/index.ts': "export { CartTrigger } from './cart-trigger';\n",
  'src/ui/cart/cart-trigger.tsx': "import { Button } from '../shared/button';\nexport const CartTrigger = Button;\n",
  'src/ui/cart/cart-page.tsx': "import { useCart } from '../app/hooks';\nexport const CartPage = useCart;\n",
  'src/ui/shared/button.tsx': 'export const Button = 1;\n',
  'src/ui/app/hooks.ts': 'export const useCart = 1;\n',
};

describe('import graph (a house a newcomer reads in an hour)', () => {
  it('a feature using another through its index, shared and app passes', async () => {
    expect(
      await violationsOf({
        ...cart,
        'src/ui/product/product-page.tsx':
          "import { CartTrigger } from '../cart';\nimport { Button } from '../shared/button';\nexport const x = [CartTrigger, Button];\n",
      }),
    ).toEqual([]);
  });

  it("a feature reaching into another's file fails", async () => {
    expect(
      await violationsOf({
        ...cart,
        'src/ui/product/product-page.tsx': "import { CartTrigger } from '../cart/cart-trigger';\nexport const x = CartTrigger;\n",
      }),
    ).toEqual(['no-feature-internals: src/ui/product/product-page.tsx → src/ui/cart/cart-trigger.tsx']);
  });

  it('a routed page loads lazily by its file; any other file of another feature does not', async () => {
    const shell = "export const page = () => import('../cart/cart-page');\nexport const trigger = () => import('../cart/cart-trigger');\n";
    expect(await violationsOf({ ...cart, 'src/ui/shell/routed-page.tsx': shell })).toEqual([
      'lazy-pages-only: src/ui/shell/routed-page.tsx → src/ui/cart/cart-trigger.tsx',
    ]);
  });

  it('shared and app import no feature', async () => {
    expect(await violationsOf({ ...cart, 'src/ui/shared/button.tsx': "import { CartTrigger } from '../cart';\nexport const Button = CartTrigger;\n" })).toEqual(
      ['foundations-import-no-feature: src/ui/shared/button.tsx → src/ui/cart/index.ts', 'no-cycle: src/ui/cart/cart-trigger.tsx → src/ui/shared/button.tsx'],
    );
  });

  it('ADR 009: a view importing a service actor or browser storage fails, a lazy import too; a test may', async () => {
    const services = {
      'src/services/cart/cart.actors.ts': 'export const cartActors = 1;\n',
      'src/services/storage/browser-storage.ts': 'export const storage = 1;\n',
      'src/services/catalog/catalog-paths.ts': 'export const productPath = 1;\n',
    };
    const page =
      "import { productPath } from '../../services/catalog/catalog-paths';\nimport { storage } from '../../services/storage/browser-storage';\nexport const x = [productPath, storage, () => import('../../services/cart/cart.actors')];\n";
    const test = "import { cartActors } from '../../services/cart/cart.actors';\nexport const y = cartActors;\n";
    expect(await violationsOf({ ...services, 'src/ui/cart/cart-page.tsx': page, 'src/ui/cart/cart-page.test.tsx': test })).toEqual([
      'views-reach-no-effects: src/ui/cart/cart-page.tsx → src/services/cart/cart.actors.ts',
      'views-reach-no-effects: src/ui/cart/cart-page.tsx → src/services/storage/browser-storage.ts',
    ]);
  });

  it('a cycle fails, even one of type imports only', async () => {
    const files = {
      'src/ui/customise/customise-page.tsx': "import { Step } from './steps';\nexport type Actor = { id: string };\nexport const Page = Step;\n",
      'src/ui/customise/steps.tsx': "import type { Actor } from './customise-page';\nexport const Step = (actor: Actor) => actor;\n",
    };
    expect(await violationsOf(files)).toEqual(['no-cycle: src/ui/customise/customise-page.tsx → src/ui/customise/steps.tsx']);
  });

  it("a feature's index.ts only re-exports: rolldown loads of it only what some page imports (vite.config.ts)", () => {
    const indexes = readdirSync('src/ui', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join('src/ui', d.name, 'index.ts'))
      .filter((path) => existsSync(path));
    expect(indexes.length).toBeGreaterThan(5);
    for (const path of indexes) {
      const code = readFileSync(path, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      const statements = code
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean);
      expect(
        statements.filter((s) => !/^export (type )?\{[^}]*\} from '\.\/[^']+'$/.test(s)),
        path,
      ).toEqual([]);
    }
  });
});
