import type { StorybookConfig } from '@storybook/react-vite';
import { resolve } from 'node:path';
import { embeddedBackendPlugin } from '../server/vite-backend-plugin.ts';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['./how-to-read-this-storybook.mdx', '../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig, { configType }) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      // elkjs (the machine inspector's layout) is CommonJS: pre-bundled up front, not discovered on first view.
      optimizeDeps: { include: ['elkjs/lib/elk.bundled.js'] },
      plugins: configType === 'DEVELOPMENT' ? [embeddedBackendPlugin({ dataDir: resolve(process.env.DATA_DIR ?? '.data', 'storybook') })] : [],
    });
  },
};

export default config;
