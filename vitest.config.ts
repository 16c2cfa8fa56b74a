import { defineConfig } from 'vitest/config';

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
