import type { StorybookConfig } from '@storybook/react-vite';
import { resolve } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/**/*.stories.@(ts|tsx)', './machines/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig, { configType }) {
    const { mergeConfig } = await import('vite');
    // Storybook loads this file with Node's own loader; the backend is TypeScript, loaded through tsx.
    const { embeddedBackendPlugin } = (await tsImport('../server/vite-backend-plugin.ts', import.meta.url)) as typeof import('../server/vite-backend-plugin');
    return mergeConfig(viteConfig, {
      plugins: configType === 'DEVELOPMENT' ? [embeddedBackendPlugin({ dataDir: resolve(process.env.DATA_DIR ?? '.data', 'storybook') })] : [],
    });
  },
};

export default config;
