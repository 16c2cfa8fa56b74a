import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * ADR 001: the layers and who may import whom, enforced by lint (and so by `npm test`).
 * Each case lints a probe text as if it were a file of that layer.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function errorsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layer rules (ADR 001)', () => {
  it('a machine importing @apollo/client fails lint', async () => {
    const errors = await errorsOf('src/machines/cart/probe.machine.ts', "import { gql } from '@apollo/client';\nexport const q = gql;\n");
    expect(errors.join('\n')).toMatch(/Machines import nothing but xstate/);
  });

  it('a machine importing React fails lint', async () => {
    const errors = await errorsOf('src/machines/cart/probe.machine.ts', "import { useState } from 'react';\nexport const s = useState;\n");
    expect(errors.join('\n')).toMatch(/Machines import nothing but xstate/);
  });

  it('a machine reaching into services, or touching window or localStorage, fails lint', async () => {
    const errors = await errorsOf(
      'src/machines/store-view/probe.machine.ts',
      "import { STORE_CODES } from '../../services/store-view/store-views';\nexport const x = [STORE_CODES, window.location, localStorage];\n",
    );
    expect(errors.some((e) => e.startsWith('import-x/no-restricted-paths'))).toBe(true);
    expect(errors.filter((e) => e.startsWith('no-restricted-globals'))).toHaveLength(2);
  });

  it('a machine importing xstate and another machine passes', async () => {
    const errors = await errorsOf(
      'src/machines/store-view/probe.machine.ts',
      "import { setup } from 'xstate';\nimport { storeViewMachine } from './store-view.machine';\nexport const x = [setup, storeViewMachine];\n",
    );
    expect(errors).toEqual([]);
  });

  it('a service importing a view or React fails lint', async () => {
    const errors = await errorsOf(
      'src/services/store-view/probe.ts',
      "import { useState } from 'react';\nimport { HomePage } from '../../ui/home/home-page';\nexport const x = [useState, HomePage];\n",
    );
    expect(errors.some((e) => e.includes('Services hold no views'))).toBe(true);
    expect(errors.some((e) => e.startsWith('import-x/no-restricted-paths'))).toBe(true);
  });

  it('the storefront importing the backend fails lint, and the backend importing src fails lint', async () => {
    const front = await errorsOf('src/ui/home/probe.tsx', "import { createBackend } from '../../../backend/src/backend';\nexport const x = createBackend;\n");
    expect(front.some((e) => e.startsWith('import-x/no-restricted-paths'))).toBe(true);
    const back = await errorsOf(
      'backend/src/probe.ts',
      "import { STORE_CODES } from '../../src/services/store-view/store-views';\nexport const x = STORE_CODES;\n",
    );
    expect(back.some((e) => e.includes('backend/ imports its own files only'))).toBe(true);
  });
  it('ADR 010: a view calling useMutation or client.mutate fails lint (mutations are machine actors)', async () => {
    const hook = await errorsOf('src/ui/cart/probe.tsx', "import { useMutation } from '@apollo/client';\nexport const x = useMutation;\n");
    expect(hook.join('\n')).toMatch(/Views never call a mutation/);
    const client = await errorsOf(
      'src/ui/account/probe.tsx',
      "import { useApolloClient } from '@apollo/client';\nexport function P() { const c = useApolloClient(); void c.mutate({ mutation: null as never }); return null; }\n",
    );
    expect(client.join('\n')).toMatch(/Views never call a mutation/);
  });

  it('ADR 010: a view reading a query and a service running a mutation pass', async () => {
    expect(await errorsOf('src/ui/cart/probe.tsx', "import { useQuery } from '@apollo/client';\nexport const x = useQuery;\n")).toEqual([]);
    expect(
      await errorsOf(
        'src/services/cart/probe.actors.ts',
        "import type { ApolloClient } from '@apollo/client';\nexport const run = (c: ApolloClient<object>) => c.mutate({ mutation: null as never });\n",
      ),
    ).toEqual([]);
  });

  describe('ADR 009, ADR 010 §7: a view names its machine, it does not make it', () => {
    const actorErrors = async (filePath: string, code: string) =>
      (await errorsOf(filePath, code)).filter((e) => /Views create no actor|Views import no service actor/.test(e));

    it.each([
      ['createActor', "import { createActor, createMachine } from 'xstate';\nexport const a = createActor(createMachine({}));\n"],
      [
        'useActorRef',
        "import { useActorRef } from '@xstate/react';\nimport { createMachine } from 'xstate';\nexport function P() { useActorRef(createMachine({})); return null; }\n",
      ],
      ['useMachine', "import { useMachine } from '@xstate/react';\nexport const m = useMachine;\n"],
      ['a service actor', "import { cartImplementations } from '../../services/cart/cart.actors';\nexport const x = cartImplementations;\n"],
      ['browser storage', "import { createBrowserStorage } from '../../services/storage/browser-storage';\nexport const x = createBrowserStorage;\n"],
      ['localStorage itself', 'export const read = () => localStorage.getItem("cart");\n'],
    ])('a view using %s fails lint, and so does a story and the machine inspector', async (_, code) => {
      expect(await actorErrors('src/ui/search/probe-page.tsx', code)).toHaveLength(1);
      expect(await actorErrors('src/ui/search/probe.stories.tsx', code)).toHaveLength(1);
      expect(await actorErrors('src/ui/inspector/probe-panel.tsx', code)).toHaveLength(1);
    });

    it('a view naming its page machine, a story with its own actor from .storybook, and a test creating one pass', async () => {
      const page =
        "import { usePageActor } from '../app/page-actors';\nimport { productPath } from '../../services/catalog/catalog-paths';\nexport function P() { return usePageActor('savedPrescriptions', {}) ? productPath : null; }\n";
      expect(await errorsOf('src/ui/prescriptions/probe-page.tsx', page)).toEqual([]);
      const story =
        "import { startStoryActor } from '../../../.storybook/story-actors';\nimport { searchSuggestionsMachine } from '../../machines/search/search-suggestions.machine';\nexport const a = startStoryActor(searchSuggestionsMachine);\n";
      expect(await errorsOf('src/ui/search/probe.stories.tsx', story)).toEqual([]);
      const test = "import { createActor, createMachine } from 'xstate';\nexport const a = createActor(createMachine({}));\n";
      expect(await errorsOf('src/ui/search/probe.test.tsx', test)).toEqual([]);
    });
  });

  describe('ADR 001: no machine casts an event (its setup types it)', () => {
    const machineWith = (body: string) =>
      `import { assign, setup } from 'xstate';\nexport const m = setup({ types: { events: {} as { type: 'go'; file?: Blob } } }).createMachine({ ${body} });\n`;
    const castErrors = async (filePath: string, body: string) =>
      (await errorsOf(filePath, machineWith(body))).filter((e) => e.includes('Machines never cast an event'));

    it.each([
      ['the event itself', 'entry: assign(({ event }) => ({ file: (event as unknown as { output: Blob }).output }))'],
      ['what it carries', 'entry: assign(({ event }) => ({ file: event.file as Blob }))'],
      ['an angle-bracket assertion', 'entry: assign(({ event }) => ({ file: (<{ file: Blob }>event).file }))'],
      ['a non-null assertion', 'entry: assign(({ event }) => ({ file: event.file! }))'],
    ])('casting %s fails lint, in a machine and in a machine test helper', async (_, body) => {
      expect(await castErrors('src/machines/cart/probe.machine.ts', body)).toHaveLength(1);
      expect(await castErrors('src/machines/cart/probe.test-helpers.ts', body)).toHaveLength(1);
    });

    it('assertEvent and typed params pass, and so does a cast of anything else', async () => {
      const body =
        "entry: [({ event }) => { assertEvent(event, 'go'); void event.file; }, { type: 'x', params: ({ event }) => ({ file: event.file }) }], context: { n: 1 as number }";
      expect(await castErrors('src/machines/cart/probe.machine.ts', body)).toEqual([]);
    });
  });
  describe('ADR 039, ADR 010 §6: the checkout hears the cart through answers and emitted events, never by watching it', () => {
    const watchErrors = async (filePath: string, code: string) =>
      (await errorsOf(filePath, code)).filter((e) => e.includes('The checkout never reads or watches another actor'));
    const callback = (body: string) =>
      `import { fromCallback } from 'xstate';\nexport const a = fromCallback(({ system, sendBack }) => { const cart = system.get('cart'); ${body} });\n`;

    it.each([
      ['reading its snapshot', "sendBack({ type: 'x', details: cart?.getSnapshot().context });"],
      ['reading it through the system', "sendBack({ type: 'x', details: system.get('cart')?.getSnapshot() });"],
      ['subscribing to it', 'const watch = cart?.subscribe(() => sendBack({ type: "x" })); return () => watch?.unsubscribe();'],
    ])('%s fails lint in a checkout file', async (_, body) => {
      expect(await watchErrors('src/machines/checkout/probe.setup.ts', callback(body))).toHaveLength(1);
    });

    it('hearing what it emits (actor.on), and the checkout reading its own actor, pass', async () => {
      const heard = callback("const heard = cart?.on('cart.details.read', sendBack); return () => heard?.unsubscribe();");
      expect(await watchErrors('src/machines/checkout/probe.setup.ts', heard)).toEqual([]);
      const own = 'export const can = (checkout: { getSnapshot(): { can(e: unknown): boolean } }) => checkout.getSnapshot().can({});\n';
      expect(await watchErrors('src/machines/checkout/probe.machine.ts', own)).toEqual([]);
    });

    it('no file of the checkout machine reads or watches another actor', async () => {
      const results = await eslint.lintFiles(['src/machines/checkout/*.ts']);
      const linted = results.map((result) => result.filePath).filter((path) => !path.endsWith('.test.ts'));
      expect(linted.length).toBeGreaterThan(5);
      const watching = results.flatMap((result) =>
        result.messages.filter((m) => m.message.includes('The checkout never reads or watches another actor')).map((m) => `${result.filePath}:${m.line}`),
      );
      expect(watching).toEqual([]);
    });
  });
});

describe('the server render loads jsdom with its first page', () => {
  it('a static import of jsdom in the server render fails lint; loading it when a page is rendered passes', async () => {
    const staticImport = await errorsOf('src/app/server-render.tsx', "import { JSDOM } from 'jsdom';\nexport const dom = () => new JSDOM('');\n");
    expect(staticImport.join('\n')).toMatch(/no-restricted-imports: .*loads jsdom with its first page/);
    const onFirstPage = await errorsOf('src/app/server-render.tsx', "export const dom = async () => new (await import('jsdom')).JSDOM('');\n");
    expect(onFirstPage).toEqual([]);
  });
});
