import addonA11y from '@storybook/addon-a11y';
import addonDocs from '@storybook/addon-docs';
import { definePreview } from '@storybook/react-vite';
import '../src/ui/shared/theme.css';
import { loadRecordedBackend } from './recorded-backend';
import { loadShopMessages, withShop } from './shop-decorator';

// CSF factories (ADR 024): story files build their meta and stories from this preview (`preview.meta`, `meta.story`).
export default definePreview({
  addons: [addonDocs(), addonA11y()],
  // The static build answers from the recorded backend (ADR 021); the others reach the embedded one.
  loaders: [loadRecordedBackend, loadShopMessages],
  decorators: [withShop],
  parameters: {
    layout: 'fullscreen',
    // Accessibility violations fail the story tests (stories run as tests with 0 violations).
    a11y: { test: 'error' },
    viewport: {
      options: {
        phone: { name: 'Phone 375', styles: { width: '375px', height: '740px' } },
        desktop: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' } },
      },
    },
  },
});
