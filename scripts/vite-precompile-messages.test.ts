import { describe, expect, it } from 'vitest';
import { compileDefaultMessages } from './vite-precompile-messages';

describe('message precompilation (production builds ship no ICU parser)', () => {
  it('replaces defaultMessage literals in objects and JSX with their AST', () => {
    const out = compileDefaultMessages(
      `const m = { id: 'a', defaultMessage: 'Hello {name}' };\nconst j = <FormattedMessage id="b" defaultMessage="Hi" />;\nconst k = <X defaultMessage={'Bye'} />;`,
      '/src/x.tsx',
    );
    expect(out).toContain(`defaultMessage: [{"type":0,"value":"Hello "},{"type":1,"value":"name"}]`);
    expect(out).toContain(`defaultMessage={[{"type":0,"value":"Hi"}]}`);
    expect(out).toContain(`defaultMessage={[{"type":0,"value":"Bye"}]}`);
  });

  it('fails the build on a defaultMessage the browser could not parse without the parser', () => {
    expect(() => compileDefaultMessages('const m = { defaultMessage: text };', '/src/y.ts')).toThrow(/y\.ts:1:29: defaultMessage must be a string literal/);
    expect(() => compileDefaultMessages('const m = { defaultMessage: `a ${b}` };', '/src/z.ts')).toThrow(/must be a string literal/);
  });
});
