import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { STORYBOOK_STATIC_DIR } from '../../playwright.storybook.config';
import { openStory, storyOutcomeScript } from '../../scripts/storybook-story-outcome';

/**
 * ADR 021: the static Storybook, served by a plain static server with no backend and
 * every request off this machine blocked. Every story renders, asks for nothing the recording
 * lacks, finds every file it loads, and shows the shop's generic error only when tagged
 * `shows-error` (it shows it on purpose). Each story is rendered once with no play function and no
 * accessibility check (`embed=true`, `a11y.manual`): both run in the story tests (gate `stories`)
 * and the play functions once more while the build is recorded (ADR 021, amended 2026-12-03).
 */
interface IndexEntry {
  id: string;
  type: 'story' | 'docs';
  title: string;
  name: string;
  tags?: string[];
}

const GENERIC_ERROR = 'Something went wrong. Sorry about that.';
/** The story as a page embeds it: rendered, its play function not run (Storybook's `embed`), no automatic accessibility check. */
const STATIC_RENDER = '&embed=true&globals=a11y.manual:!true';
const index = JSON.parse(readFileSync(join(STORYBOOK_STATIC_DIR, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> };
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

interface Preview {
  page: Page;
  /** Requests off the machine that were blocked, and files the static host did not have, since the last look. */
  blocked: string[];
  missing: string[];
}

/** One preview page a worker: stories are shown one after another in it, as Storybook's test runner does. */
const test = base.extend<object, { preview: Preview }>({
  preview: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript({ content: storyOutcomeScript });
      const preview: Preview = { page: await context.newPage(), blocked: [], missing: [] };
      await context.route('**/*', async (route) => {
        const { hostname } = new URL(route.request().url());
        if (hostname === '127.0.0.1' || hostname === 'localhost' || route.request().url().startsWith('data:')) return route.continue();
        preview.blocked.push(route.request().url());
        return route.abort('blockedbyclient');
      });
      preview.page.on('response', (response) => {
        if (response.status() === 404) preview.missing.push(new URL(response.url()).pathname);
      });
      await use(preview);
      await context.close();
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ mode: 'parallel' });

for (const story of stories) {
  test(`${story.title} › ${story.name}`, async ({ preview, baseURL }) => {
    const { page } = preview;
    preview.blocked.length = 0;
    preview.missing.length = 0;
    const unrecordedBefore = await page.evaluate(() => (window as { __LUNETTE_UNRECORDED__?: string[] }).__LUNETTE_UNRECORDED__?.length ?? 0).catch(() => 0);
    const outcome = await openStory(page, baseURL!, story.id, { query: STATIC_RENDER });
    expect(outcome.status, outcome.detail).toBe('success');
    const unrecorded = await page.evaluate(() => (window as { __LUNETTE_UNRECORDED__?: string[] }).__LUNETTE_UNRECORDED__ ?? []);
    expect(unrecorded.slice(unrecordedBefore), 'requests the recording has no answer for').toEqual([]);
    expect(preview.missing, 'files the static build lacks').toEqual([]);
    expect(preview.blocked, 'requests off this machine').toEqual([]);
    if (!story.tags?.includes('shows-error')) {
      await expect(page.locator('#storybook-root'), 'the generic error, in a story not tagged shows-error').not.toContainText(GENERIC_ERROR);
    }
  });
}
