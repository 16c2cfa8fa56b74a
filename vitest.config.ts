import { createRequire } from 'node:module';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, testChromiumPath } from './scripts/chromium.ts';
import { embeddedBackendPlugin } from './server/vite-backend-plugin.ts';

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
          include: [
            'src/**/*.test.{ts,tsx}',
            'rules/**/*.test.ts',
            'backend/**/*.test.ts',
            'server/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/prescription-slips/**/*.test.ts',
            'tests/integration/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // The backends the tests start hash passwords at scrypt's lowest cost the backend takes
          // (backend/src/shared/secure-tokens.ts): their passwords guard nothing.
          env: { PASSWORD_HASH_COST: '1024' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './vite.config.ts',
        plugins: [
          storybookTest({ configDir: resolve(import.meta.dirname, '.storybook') }),
          embeddedBackendPlugin({ dataDir: resolve(process.env.DATA_DIR ?? '.data', 'storybook') }),
        ],
        optimizeDeps: {
          // elkjs (the machine inspector's layout) is CommonJS: pre-bundled up front, not discovered mid-run.
          include: [
            'react',
            'react-dom',
            'react-dom/client',
            'react-intl',
            'react-router-dom',
            '@apollo/client',
            'xstate',
            '@xstate/react',
            'dompurify',
            'graphql',
            'elkjs/lib/elk.bundled.js',
          ],
        },
        test: {
          name: 'storybook',
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: testChromiumPath(), args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
