import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { CmsPage } from './cms-page';
import { slow } from '../shared/story-fixtures';

/** CMS pages reached through the route fallback (spec §2). */
const meta = preview.meta({
  title: 'CMS/CMS page',
  component: CmsPage,
  args: { identifier: 'about-us' },
  decorators: [
    (Story) => (
      <main style={{ padding: '1rem' }}>
        <Story />
      </main>
    ),
  ],
});

export const AboutUs = meta.story({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'About Lunette Eyewear' }, slow)).toBeVisible();
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Our promise' })).toBeVisible();
  },
});

export const PrivacyOnPhone = meta.story({
  args: { identifier: 'privacy-policy-cookie-restriction-mode' },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Privacy and Cookie Policy' }, slow)).toBeVisible();
  },
});

export const Missing = meta.story({
  args: { identifier: 'no-such-page' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: /doesn't exist/ }, slow)).toBeVisible();
  },
});
