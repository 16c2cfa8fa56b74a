import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * Test projects:
 * - unit: machines, services and views (jsdom), the embedded backend's contract tests (node)
 * - storybook: every story rendered in Chromium as a test (added by .storybook/vitest.project.ts)
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        // Node loads `graphql` as CommonJS for the libraries it runs (yoga, graphql-tools, Apollo);
        // tests must use that same instance, not Vite's ESM copy ("another module or realm").
        resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'backend/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
