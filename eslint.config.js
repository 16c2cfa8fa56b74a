// @ts-check
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of DESIGN.md §2, enforced: each zone lists what a folder may NOT import.
 * `target` is the importing folder, `from` the forbidden one.
 */
const layerZones = [
  // machines: pure logic; xstate and other machines only (checked by no-restricted-imports below too)
  {
    target: './src/machines',
    from: ['./src/services', './src/ui', './src/app', './src/main.tsx', './backend', './server'],
    message: 'Machines import nothing but xstate and other machines (DESIGN.md §2).',
  },
  // services: I/O; may read machine types, never views or the composition root
  {
    target: './src/services',
    from: ['./src/ui', './src/app', './src/main.tsx', './backend', './server'],
    message: 'Services never import views or the composition root (DESIGN.md §2).',
  },
  // ui: views; never the composition root, the backend or the server
  {
    target: './src/ui',
    from: ['./src/app', './src/main.tsx', './backend', './server'],
    message: 'Views never import the composition root or the backend (DESIGN.md §2).',
  },
  // the storefront never reaches into the backend or server process
  { target: './src', from: ['./backend', './server', './tests'], message: 'The storefront never imports the backend (DESIGN.md §2).' },
  // the backend imports its own files only
  { target: './backend', from: ['./src', './server', './tests', './.storybook'], message: 'backend/ imports its own files only (DESIGN.md §2).' },
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
              message: 'Machines import nothing but xstate and other machines (DESIGN.md §2): inject effects with .provide().',
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
            { name: 'react', message: 'Services hold no views (DESIGN.md §2).' },
            { name: 'react-dom', message: 'Services hold no views (DESIGN.md §2).' },
            { name: '@xstate/react', message: 'Services hold no views (DESIGN.md §2).' },
          ],
        },
      ],
    },
  },
  {
    // ADR 010: views render and send. A mutation is a machine's actor (src/services/*/*.actors.ts),
    // never a view's call: no useMutation, no client.mutate in src/ui.
    files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@apollo/client', importNames: ['useMutation'], message: 'Views never call a mutation: make it a machine actor (ADR 010).' }] },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='mutate']", message: 'Views never call a mutation: make it a machine actor (ADR 010).' },
      ],
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
