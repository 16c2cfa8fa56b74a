// @ts-check
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of ADR 001, enforced: each zone lists what a folder may NOT import.
 * `target` is the importing folder, `from` the forbidden one.
 */
/** A message id: a dotted path, `area.thing.detail` (the catalogues' keys). */
const MESSAGE_ID = '^[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9-]+)+$';

/**
 * formatjs's no-literal-string-in-jsx, reporting only literals that hold a letter: a space, a dash or
 * a bracket between two messages is layout, not words a shopper reads in some language.
 */
const noWordsInJsx = {
  meta: formatjs.rules['no-literal-string-in-jsx'].meta,
  create(context) {
    const letter = /\p{L}/u;
    const report = (descriptor) => {
      if (letter.test(context.sourceCode.getText(descriptor.node))) context.report(descriptor);
    };
    return formatjs.rules['no-literal-string-in-jsx'].create(Object.create(context, { report: { value: report } }));
  },
};

/** An event, or what it carries (`event.output`, `event.error`, …), cast or asserted non-null. */
const EVENT_CASTS = ['TSAsExpression', 'TSTypeAssertion', 'TSNonNullExpression'].flatMap((cast) => [
  `${cast} > Identifier.expression[name='event']`,
  `${cast} > MemberExpression.expression[object.type='Identifier'][object.name='event']`,
]);
const NO_EVENT_CAST =
  "Machines never cast an event (ADR 001): type it in setup({ types: { events } }), narrow it with assertEvent, and pass an actor's output or error to a named guard or action as typed params ({ type, params: ({ event }) => ({ error: event.error }) }).";

/**
 * ADR 039, ADR 010 §6: the checkout hears the cart through its answers to the checkout's requests and
 * the events it emits (`actor.on`), never by reading or watching another actor's snapshot. Only its own
 * actor (`checkout`, `self`) is read.
 */
const CHECKOUT_WATCHES_NOTHING =
  'The checkout never reads or watches another actor (ADR 039, ADR 010 §6): send it a request ({ id, replyTo }) and take its answer, or hear what it emits with actor.on(...) in a callback actor bounded by a state.';
const CHECKOUT_WATCHES = [
  { selector: "CallExpression[callee.property.name='subscribe']", message: CHECKOUT_WATCHES_NOTHING },
  {
    selector: "CallExpression[callee.property.name='getSnapshot']:not([callee.object.type='Identifier'][callee.object.name=/^(checkout|self)$/])",
    message: CHECKOUT_WATCHES_NOTHING,
  },
];

/** ADR 010: a mutation is a machine's actor, never a view's call. */
const VIEWS_CALL_NO_MUTATION = 'Views never call a mutation: make it a machine actor (ADR 010).';
const VIEW_MUTATION_IMPORTS = [{ name: '@apollo/client', importNames: ['useMutation'], message: VIEWS_CALL_NO_MUTATION }];
const VIEW_MUTATE_CALL = { selector: "CallExpression[callee.property.name='mutate']", message: VIEWS_CALL_NO_MUTATION };
/** ADR 009, ADR 010 §7: a view names its machine (usePageActor, the shop's actors); the page host or the shop's machines run it. */
const VIEWS_MAKE_NO_ACTOR =
  "Views create no actor (ADR 009, ADR 010 §7): name the page's machine with usePageActor (src/app/page-machines.ts registers it), or read a shop machine's child; a story uses .storybook/story-actors.ts.";
const VIEW_ACTOR_IMPORTS = [
  { name: 'xstate', importNames: ['createActor', 'interpret'], message: VIEWS_MAKE_NO_ACTOR },
  { name: '@xstate/react', importNames: ['useActorRef', 'useMachine', 'useActor'], message: VIEWS_MAKE_NO_ACTOR },
];
const VIEWS_REACH_NO_EFFECT =
  "Views import no service actor and no browser storage (ADR 009): the composition root (src/app) gives machines their effects; a view reads the machine's state and sends it events.";
const VIEW_EFFECT_MODULES = [{ regex: '(^|/)services/(.+\\.actors|storage/.+)$', message: VIEWS_REACH_NO_EFFECT }];
const VIEW_STORAGE_GLOBALS = ['localStorage', 'sessionStorage'].map((name) => ({ name, message: VIEWS_REACH_NO_EFFECT }));

const layerZones = [
  // machines: pure logic; xstate and other machines only (checked by no-restricted-imports below too)
  {
    target: './src/machines',
    from: ['./src/services', './src/ui', './src/app', './src/main.tsx', './backend', './server'],
    message: 'Machines import nothing but xstate and other machines (ADR 001).',
  },
  // services: I/O; may read machine types, never views or the composition root
  {
    target: './src/services',
    from: ['./src/ui', './src/app', './src/main.tsx', './backend', './server'],
    message: 'Services never import views or the composition root (ADR 001).',
  },
  // ui: views; never the composition root, the backend or the server
  {
    target: './src/ui',
    from: ['./src/app', './src/main.tsx', './backend', './server'],
    message: 'Views never import the composition root or the backend (ADR 001).',
  },
  // the storefront never reaches into the backend or server process
  { target: './src', from: ['./backend', './server', './tests'], message: 'The storefront never imports the backend (ADR 001).' },
  // the backend imports its own files and the shared eyewear rules (ADR 035)
  {
    target: './backend',
    from: ['./src', './server', './tests', './.storybook'],
    message: 'backend/ imports its own files only, and the shared eyewear rules in rules/ (ADR 001, ADR 035).',
  },
  // the eyewear rules are one home for both sides: they import neither (ADR 035)
  {
    target: './rules',
    from: ['./src', './backend', './server', './tests', './.storybook'],
    message: 'rules/ is pure and shared: it imports nothing of the storefront, the backend or the server (ADR 035).',
  },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'storybook-static/**', 'node_modules/**', 'coverage/**', '.data/**', 'test-results/**', 'playwright-report/**', '!.storybook'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-default-export': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // Machines: xstate only. React, Apollo, fetch, window and storage are effects injected by name.
    files: ['src/machines/**/*.ts'],
    ignores: ['src/machines/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!xstate(/|$)|\\.{1,2}/)',
              message: 'Machines import nothing but xstate and other machines (ADR 001): inject effects with .provide().',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'Machines never touch window: inject the effect.' },
        { name: 'document', message: 'Machines never touch document: inject the effect.' },
        { name: 'localStorage', message: 'Machines never touch storage: inject the effect.' },
        { name: 'sessionStorage', message: 'Machines never touch storage: inject the effect.' },
        { name: 'fetch', message: 'Machines never fetch: inject an actor.' },
        { name: 'navigator', message: 'Machines never touch navigator: inject the effect.' },
      ],
      // ADR 001: a machine's events are typed by its setup, so none is cast: `assertEvent` narrows the event that
      // entered a state, and a named guard or action reads an actor's output or error as typed `params` mapped where
      // the transition is (`onDone`, `onError`), never through `event as …`, `<T>event` or `event.output!`.
      'no-restricted-syntax': ['error', ...EVENT_CASTS.map((selector) => ({ selector, message: NO_EVENT_CAST }))],
    },
  },
  {
    // The checkout: the machines' rules above, and it watches no other actor (ADR 039, ADR 010 §6).
    files: ['src/machines/checkout/**/*.ts'],
    ignores: ['src/machines/checkout/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...EVENT_CASTS.map((selector) => ({ selector, message: NO_EVENT_CAST })), ...CHECKOUT_WATCHES],
    },
  },
  {
    // The eyewear rules (ADR 035): pure functions both sides import; no library, no I/O, no clock.
    files: ['rules/**/*.ts'],
    ignores: ['rules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./)', message: 'The eyewear rules import only each other (ADR 035): no library, no other layer.' }] },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'fetch', 'navigator'].map((name) => ({
          name,
          message: 'The eyewear rules are pure (ADR 035): no I/O.',
        })),
      ],
    },
  },
  {
    files: ['src/services/**/*.ts'],
    ignores: ['src/services/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: 'Services hold no views (ADR 001).' },
            { name: 'react-dom', message: 'Services hold no views (ADR 001).' },
            { name: '@xstate/react', message: 'Services hold no views (ADR 001).' },
          ],
        },
      ],
    },
  },
  {
    // ADR 010: views render and send. A mutation is a machine's actor (src/services/*/*.actors.ts),
    // never a view's call: no useMutation, no client.mutate in src/ui. ADR 009, ADR 010 §7: a view
    // names its machine, it does not make it: no createActor, useActorRef or useMachine, no service
    // actors and no browser storage (the composition root gives machines their effects). Stories get
    // their own actors from .storybook/story-actors.ts; tests are exempt from the actor and storage
    // part (below). The machine inspector is a view like any other (its event check's dry run of a
    // machine is src/machines/shared/event-dry-run.ts).
    files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [...VIEW_MUTATION_IMPORTS, ...VIEW_ACTOR_IMPORTS], patterns: VIEW_EFFECT_MODULES }],
      'no-restricted-syntax': ['error', VIEW_MUTATE_CALL],
      'no-restricted-globals': ['error', ...VIEW_STORAGE_GLOBALS],
    },
  },
  {
    files: ['src/ui/**/*.test.ts', 'src/ui/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: VIEW_MUTATION_IMPORTS }],
      'no-restricted-globals': 'off',
    },
  },
  {
    // Messages (ADR 018): every message has a literal English default, a dotted id
    // (`area.thing`, the catalogues' keys), valid ICU and the plural forms every language needs.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'src/**/*.stories.tsx'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-invalid-icu': 'error',
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/enforce-plural-rules': ['error', { one: true, other: true }],
      'formatjs/no-offset': 'error',
      'formatjs/no-multiple-plurals': 'error',
      'formatjs/no-multiple-whitespaces': 'error',
      'formatjs/enforce-id': ['error', { idInterpolationPattern: '[sha512:contenthash:base64:6]', idWhitelist: [MESSAGE_ID] }],
    },
  },
  {
    // The server render loads jsdom with the first page it renders (`import('jsdom')`), never as the
    // server starts: about a second of CPU that a process rendering no page would spend for nothing.
    files: ['src/app/server-render.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'jsdom', message: "The server render loads jsdom with its first page: `await import('jsdom')` where a page needs it." }] },
      ],
    },
  },
  {
    // A view shows no words of its own: every word a shopper reads is a message.
    files: ['src/ui/**/*.tsx'],
    // The machine inspector is a developer's tool, never shown to shoppers; story-routing is a story's page.
    ignores: ['src/ui/**/*.test.tsx', 'src/ui/**/*.stories.tsx', 'src/ui/inspector/**', 'src/ui/shared/link-page/story-routing.tsx'],
    plugins: { shop: { rules: { 'no-words-in-jsx': noWordsInJsx } } },
    rules: {
      'shop/no-words-in-jsx': ['error', { props: { include: [['*', '{label,placeholder,title,alt}']] } }],
    },
  },
  {
    files: ['src/**/*.tsx', '.storybook/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
