/**
 * Opens stories one after another in one Storybook preview page (`iframe.html`), as Storybook's own
 * test runner does, and reads how each ended from the preview channel: `storyFinished` says success
 * or error once the play function and the checks after it (the accessibility check) ran; the events
 * before it say why. Used by the backend recorder (scripts/record-storybook-backend.ts) and by the
 * static Storybook check (tests/storybook-static).
 */
import type { Page } from 'playwright';

export interface StoryOutcome {
  status: 'success' | 'error';
  detail: string;
}

/**
 * An init script listening to every channel the preview sets. Plain JavaScript in a string: a
 * function would be serialised with the helpers tsx adds to it, which the page does not have.
 */
export const storyOutcomeScript = `(() => {
  const seen = new WeakSet();
  let current;
  window.__storyOutcomes = {};
  window.__storyProblems = [];
  window.__storyTarget = new URLSearchParams(location.search).get('id');
  const problem = (what) => (payload) => {
    const { message, title, description } = payload ?? {};
    window.__storyProblems.push(\`\${what}: \${message ?? title ?? ''}\${description ? ' ' + description : ''}\`.slice(0, 2000));
  };
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => current,
    set(next) {
      current = next;
      if (!next || seen.has(next)) return;
      seen.add(next);
      next.on('playFunctionThrewException', problem('play function'));
      next.on('storyThrewException', problem('render'));
      next.on('unhandledErrorsWhilePlaying', (errors) => problem('unhandled')({ message: JSON.stringify(errors) }));
      next.on('storyErrored', (payload) => {
        problem('story')(payload);
        window.__storyOutcomes[window.__storyTarget] ??= { status: 'error', detail: window.__storyProblems.join('\\n') };
      });
      next.on('storyFinished', ({ storyId, status, reporters }) => {
        const failedReports = reporters
          .filter((report) => report.status === 'failed')
          .map((report) => \`\${report.type} failed: \${report.result?.error ? String(report.result.error) : (report.result?.violations ?? []).map((v) => \`\${v.id} at \${JSON.stringify(v.nodes.map((n) => n.target))}\`).join('; ')}\`);
        window.__storyOutcomes[storyId] ??= { status, detail: [...window.__storyProblems, ...failedReports].join('\\n') };
      });
    },
  });
})();`;

/** Waits for the outcome of the story the page shows (its play function included). */
async function outcomeOf(page: Page, storyId: string, timeout: number): Promise<StoryOutcome> {
  const handle = await page.waitForFunction(`window.__storyOutcomes?.[${JSON.stringify(storyId)}]`, undefined, { timeout });
  return (await handle.jsonValue()) as StoryOutcome;
}

/** The page size stories have unless their `globals.viewport` names one of `parameters.viewport.options`. */
export const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

/** The page size a story asks for, as Storybook's Vitest addon reads it (the preview must be loaded). */
async function viewportOf(page: Page, storyId: string): Promise<{ width: number; height: number }> {
  const styles = (await page.evaluate(`(async () => {
    const story = await window.__STORYBOOK_PREVIEW__.storyStoreValue.loadStory({ storyId: ${JSON.stringify(storyId)} });
    const name = story.storyGlobals?.viewport?.value ?? story.globals?.viewport?.value;
    return (name && story.parameters.viewport?.options?.[name]?.styles) ?? null;
  })()`)) as { width: string; height: string } | null;
  return styles ? { width: parseInt(styles.width, 10), height: parseInt(styles.height, 10) } : DEFAULT_VIEWPORT;
}

/**
 * Shows a story in the preview page at the size it asks for: the first by loading `iframe.html`
 * (with `query`, e.g. globals), the next ones by asking the preview to switch (storage cleared
 * first, as on a new page).
 */
export async function openStory(page: Page, baseUrl: string, storyId: string, { query = '', timeout = 30_000 } = {}): Promise<StoryOutcome> {
  if (!page.url().includes('/iframe.html')) {
    await page.goto(`${baseUrl}/iframe.html?id=${encodeURIComponent(storyId)}&viewMode=story${query}`);
    await page.waitForFunction('window.__STORYBOOK_PREVIEW__?.storyStoreValue', undefined, { timeout });
    const size = await viewportOf(page, storyId);
    const current = page.viewportSize();
    if (current?.width === size.width && current.height === size.height) return outcomeOf(page, storyId, timeout);
    // Shown at the wrong size: shown again at its own.
    await outcomeOf(page, storyId, timeout).catch(() => undefined);
    await page.setViewportSize(size);
    await page.reload();
    return outcomeOf(page, storyId, timeout);
  }
  const size = await viewportOf(page, storyId);
  const current = page.viewportSize();
  if (current?.width !== size.width || current.height !== size.height) await page.setViewportSize(size);
  await page.evaluate(`(() => {
    localStorage.clear();
    sessionStorage.clear();
    window.__storyProblems = [];
    window.__storyTarget = ${JSON.stringify(storyId)};
    delete window.__storyOutcomes[${JSON.stringify(storyId)}];
    window.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId: ${JSON.stringify(storyId)}, viewMode: 'story' });
  })()`);
  return outcomeOf(page, storyId, timeout);
}
