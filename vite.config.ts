import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompileGraphqlPlugin } from './scripts/vite-precompile-graphql.ts';
import { precompileMessagesPlugin } from './scripts/vite-precompile-messages.ts';

export default defineConfig(({ mode }) => ({
  plugins: [react(), precompileMessagesPlugin(), precompileGraphqlPlugin(), import('./scripts/vite-try-on-assets.ts').then((m) => m.tryOnAssetsPlugin())],
  // Apollo Client's development-only checks and messages are dropped from production builds.
  define: mode === 'production' ? { 'globalThis.__DEV__': JSON.stringify(false) } : {},
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The libraries every page needs travel in one chunk: one request, and one gzip stream
        // compresses better than many small files (the home route's budget is 190 kB gzip).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@apollo[\\/]client|graphql|xstate|@xstate[\\/]react|react-intl|@formatjs|intl-messageformat|apollo3-cache-persist|optimism|@wry|zen-observable|zen-observable-ts|tslib|use-sync-external-store|ts-invariant|symbol-observable|rehackt|hoist-non-react-statics|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
