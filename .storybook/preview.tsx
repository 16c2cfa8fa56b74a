import type { Preview } from '@storybook/react-vite';
import '../src/ui/shared/theme.css';
import { loadRecordedBackend } from './recorded-backend';
import { loadShopMessages, withShop } from './shop-decorator';

const preview: Preview = {
  // The static build answers from the recorded backend (ADR 021); the others reach the embedded one.
  loaders: [loadRecordedBackend, loadShopMessages],
  decorators: [withShop],
  parameters: {
    layout: 'fullscreen',
    // Accessibility violations fail the story tests (issue: stories run as tests with 0 violations).
    a11y: { test: 'error' },
    viewport: {
      options: {
        phone: { name: 'Phone 375', styles: { width: '375px', height: '740px' } },
        desktop: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' } },
      },
    },
  },
};

export default preview;
