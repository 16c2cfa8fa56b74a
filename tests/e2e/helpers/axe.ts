/**
 * axe-core's accessibility rules over a page of the shop, for every journey that checks one.
 *
 * axe is put into the page once per document and run there (`axe.run`): the shop's pages have no
 * frames, so nothing needs axe's frame-by-frame run. `@axe-core/playwright` sent axe's 650 kB again
 * on every check and finished each run in a new blank page with axe sent there too: about 2.8 s of
 * CPU a check against 0.35 s so (the same page checked five times each way, CPU of the browser's
 * processes and the runner, 2026-12-03), on a gate that checks about 150 pages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, default as AxeCore } from 'axe-core';
import { expect, type Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = Pick<AxeResults['violations'][number], 'id' | 'impact' | 'help'> & { targets: string[] };

/** The violations on the page, or within the elements `include` selects: "rule (impact): help — targets". */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // A check of the whole page right after an in-app link or going offline may come while the next
  // page's code is still on its way (seen: `page-has-heading-one` on `html` after "Sign in" was
  // clicked). The page the shopper is shown has its heading: wait up to 5 s for one, then check
  // whatever is there, so a page that never gets one is still reported.
  if (!include)
    await page
      .locator('h1')
      .first()
      .waitFor({ state: 'attached', timeout: 5_000 })
      .catch(() => undefined);
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!present) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (within): Promise<Violation[]> => {
    const { axe } = window as unknown as { axe: typeof AxeCore };
    // Only the violations are read: axe then gathers one node of each other result type instead of
    // all of them (0.15 → 0.11 s of CPU a check on the product page, the same violations found).
    const results = await axe.run(within ? { include: [within] } : document, { resultTypes: ['violations'] });
    return results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target.join(' ')) }));
  }, include ?? null);
  return violations.map(({ id, impact, help, targets }) => `${id} (${impact}): ${help} — ${targets.join(', ')}`);
}

/** No violation on the page, or within the elements `include` selects. */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  expect(await axeViolations(page, include)).toEqual([]);
}
