import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  // Apollo Client's development-only checks and messages are dropped from production builds.
  define: mode === 'production' ? { 'globalThis.__DEV__': JSON.stringify(false) } : {},
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
}));
