import { readdirSync, readFileSync } from 'node:fs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * ADR 035 (superseding ADR 006, amending ADR 001): the eyewear rules live once, in `rules/eyewear/`,
 * imported by the storefront and the backend alike. Lint lets both sides import it, keeps it free of
 * both, and the tree holds no second copy of a rule.
 */
const eslint = new ESLint({ cwd: process.cwd() });
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

async function lintErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

async function cruiseViolations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'eyewear-rules-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = await cruise(['src', 'rules', 'backend'], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
  });
  if (typeof result.output === 'string') throw new Error('expected a cruise result, got text');
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? (d.name === 'generated' ? [] : filesUnder(join(dir, d.name))) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
  );

describe('one home for the eyewear rules (ADR 035)', () => {
  it('a machine, a view and a backend module may import the rules', async () => {
    expect(
      await lintErrors(
        'src/machines/customise/probe.machine.ts',
        "import { minimumIndexFor } from '../../../rules/eyewear/prescription';\nexport const x = minimumIndexFor;\n",
      ),
    ).toEqual([]);
    expect(
      await lintErrors('src/ui/customise/probe.ts', "import { signedPower } from '../../../rules/eyewear/prescription';\nexport const x = signedPower;\n"),
    ).toEqual([]);
    expect(
      await lintErrors(
        'backend/src/modules/catalog/probe.ts',
        "import { checkLensChoice } from '../../../../rules/eyewear/lens-choice';\nexport const x = checkLensChoice;\n",
      ),
    ).toEqual([]);
  });

  it('the rules importing the backend, the storefront or a library fail lint', async () => {
    const backend = await lintErrors(
      'rules/eyewear/probe.ts',
      "import { inputError } from '../../backend/src/graphql/errors';\nexport const x = inputError;\n",
    );
    expect(backend.join('\n')).toMatch(/rules\/ is pure and shared/);
    const storefront = await lintErrors(
      'rules/eyewear/probe.ts',
      "import { setup } from '../../src/machines/customise/customise.machine';\nexport const x = setup;\n",
    );
    expect(storefront.join('\n')).toMatch(/rules\/ is pure and shared/);
    const library = await lintErrors('rules/eyewear/probe.ts', "import { setup } from 'xstate';\nexport const x = setup;\n");
    expect(library.join('\n')).toMatch(/The eyewear rules import only each other/);
  });

  it('the import graph: both sides import rules/, rules/ imports only itself, and a prescription-rules file of its own is refused', async () => {
    expect(
      await cruiseViolations({
        'rules/eyewear/prescription.ts': 'export const limit = 1;\n',
        'src/machines/probe.ts': "import { limit } from '../../rules/eyewear/prescription';\nexport const x = limit;\n",
        'backend/src/probe.ts': "import { limit } from '../../rules/eyewear/prescription';\nexport const x = limit;\n",
      }),
    ).toEqual([]);
    expect(
      await cruiseViolations({
        'rules/eyewear/prescription.ts': "import { y } from '../../backend/src/probe';\nexport const limit = y;\n",
        'backend/src/probe.ts': 'export const y = 1;\n',
        'src/machines/prescription/prescription-rules.ts': 'export const z = 1;\n',
        'src/machines/probe.ts': "import { z } from './prescription/prescription-rules';\nexport const x = z;\n",
      }),
    ).toEqual([
      'one-home-for-eyewear-rules: src/machines/probe.ts → src/machines/prescription/prescription-rules.ts',
      'rules-stand-alone: rules/eyewear/prescription.ts → backend/src/probe.ts',
    ]);
  });

  it('neither src/ nor backend/src defines a rule of its own: the rules’ names are defined in rules/ only', () => {
    const ruleNames = readFileSync('rules/eyewear/prescription.ts', 'utf8')
      .concat(readFileSync('rules/eyewear/prescription-payload.ts', 'utf8'), readFileSync('rules/eyewear/lens-choice.ts', 'utf8'))
      .matchAll(/export (?:function|const) (\w+)/g);
    const names = [...ruleNames].map((m) => m[1]!);
    expect(names).toEqual(
      expect.arrayContaining(['checkPrescription', 'minimumIndexFor', 'checkLensChoice', 'checkPrescriptionPayload', 'conflictingCoating']),
    );
    const definitions = [...filesUnder('src'), ...filesUnder('backend/src')].flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return names.filter((name) => new RegExp(`(function|const|let) ${name}\\b`).test(text)).map((name) => `${file}: ${name}`);
    });
    expect(definitions).toEqual([]);
  });
});
