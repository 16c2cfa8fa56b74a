import type { BrowserContext, Locator, Page, Request, Route } from '@playwright/test';
import { expect } from '../e2e/helpers/test';
import type { ShopServer } from './shop-server';

/** What a fault works on: the case's page and context, the server, and the journey's mutation. */
export interface FaultScene {
  page: Page;
  context: BrowserContext;
  shop: ShopServer;
  /** The journey's mutation, as the browser sends it. */
  target: (request: Request) => boolean;
  /** The control the shopper clicks to send it. */
  control: () => Locator;
  /** Resolves once the page shows the mutation took effect. */
  done: () => Promise<void>;
  /** What the fault did to the requests, for the report. */
  log: string[];
  /** Every message the shopper was shown while it happened. */
  seen: string[];
}

/** The backend holds the state from `before` the mutation or from `after` it (exactly once). */
export type Outcome = 'before' | 'after';

export interface Fault {
  id: string;
  name: string;
  /** What the backend must hold once the shopper is done. */
  outcome: Outcome;
  /** The shopper meets the failure and must be told (in plain words). */
  tells: boolean;
  /** Injects the fault around the shopper's click; returns once the page says what happened. */
  run(scene: FaultScene): Promise<void>;
}

/**
 * Shown messages: alerts, statuses and toasts on screen. Skeletons (busy statuses) are not messages.
 */
export async function shownMessages(page: Page): Promise<string[]> {
  const texts = await page
    .locator('[role="alert"], [role="status"]:not([aria-busy="true"]), [aria-live] > *')
    .evaluateAll((nodes) => nodes.filter((n) => (n as HTMLElement).getClientRects().length > 0).map((n) => (n.textContent ?? '').replace(/\s+/g, ' ').trim()))
    .catch(() => [] as string[]);
  return [...new Set(texts.filter(Boolean))];
}

/**
 * What tells the shopper that something went wrong: alerts and toasts. A status ("Updating your
 * cart…") says only that the shop is at work, so it does not count as being told.
 */
async function failureMessages(page: Page): Promise<string[]> {
  return page
    .locator('[role="alert"], [aria-live] > *')
    .evaluateAll((nodes) => nodes.filter((n) => (n as HTMLElement).getClientRects().length > 0).map((n) => (n.textContent ?? '').replace(/\s+/g, ' ').trim()))
    .then((texts) => texts.filter(Boolean))
    .catch(() => [] as string[]);
}

/** Waits until the page tells the shopper what went wrong (an alert or a toast), and keeps what it said. */
export async function told(scene: Pick<FaultScene, 'page' | 'seen'>): Promise<void> {
  await expect.poll(() => failureMessages(scene.page), { message: 'the shopper is told what went wrong', timeout: 15_000 }).not.toEqual([]);
  scene.seen.push(...(await shownMessages(scene.page)));
}

/**
 * Presses the control from the keyboard. The shell's connection notice (spec §2: "You are offline",
 * "You are back online") rises over the page's foot, where a phone's checkout buttons sit, and
 * Playwright's pointer cannot reach a control under it (nor the notice's own "Hide" button while it
 * settles): the shopper's press is sent to the focused control instead.
 */
async function press(control: Locator): Promise<void> {
  await control.focus();
  await control.press('Enter');
}

/** Routes the journey's mutation (the first `times` of them) through `handle`; everything else goes on. */
async function onTarget(scene: FaultScene, handle: (route: Route) => Promise<void>, times = 1): Promise<void> {
  let left = times;
  await scene.page.route('**/*', async (route) => {
    if (left > 0 && scene.target(route.request())) {
      left -= 1;
      await handle(route);
    } else await route.fallback();
  });
}

const isRest = (route: Route) => route.request().url().includes('/rest/');

/** The six faults a phone meets, in the order of the fault report's table (docs/testing.md). */
export const FAULTS: Fault[] = [
  {
    id: 'a',
    name: 'request aborted',
    outcome: 'before',
    tells: true,
    async run(scene) {
      await onTarget(scene, async (route) => {
        scene.log.push('aborted before the server');
        await route.abort('failed');
      });
      await scene.control().click();
      await told(scene);
    },
  },
  {
    id: 'b',
    name: 'answer dropped',
    outcome: 'after',
    tells: false,
    async run(scene) {
      await onTarget(scene, async (route) => {
        const answer = await route.fetch();
        scene.log.push(`server answered ${answer.status()}, answer dropped`);
        await route.abort('connectionreset');
      });
      await scene.control().click();
      await scene.done();
    },
  },
  {
    id: 'c',
    name: '3 s latency, double click',
    outcome: 'after',
    tells: false,
    async run(scene) {
      await onTarget(
        scene,
        async (route) => {
          scene.log.push('held 3 s');
          await new Promise((wait) => setTimeout(wait, 3000));
          await route.continue();
        },
        Number.POSITIVE_INFINITY,
      );
      await scene.control().dblclick();
      await scene.done();
    },
  },
  {
    id: 'd',
    name: 'backend 500',
    outcome: 'before',
    tells: true,
    async run(scene) {
      await onTarget(scene, async (route) => {
        scene.log.push('answered 500');
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify(
            isRest(route)
              ? { message: 'Internal Error. Details are available in Magento log file. Report ID: webapi-6921f0c3' }
              : { errors: [{ message: 'Internal server error', extensions: { category: 'internal' } }] },
          ),
        });
      });
      await scene.control().click();
      await told(scene);
    },
  },
  {
    id: 'e',
    name: 'offline at the click, then online',
    outcome: 'after',
    tells: true,
    async run(scene) {
      await scene.context.setOffline(true);
      await press(scene.control());
      await told(scene);
      scene.log.push('offline: told; online again, pressed again');
      await scene.context.setOffline(false);
      await expect(scene.control()).toBeEnabled();
      await press(scene.control());
      await scene.done();
    },
  },
  {
    id: 'f',
    name: 'server restarted mid-request',
    outcome: 'after',
    tells: false,
    async run(scene) {
      await onTarget(scene, async (route) => {
        await scene.shop.restart();
        scene.log.push('server stopped and started again on the same data, then the request went on');
        await route.continue();
      });
      const startsBefore = scene.shop.starts;
      await scene.control().click();
      // A start can take long on a busy machine: the page's outcome is awaited from when the server is back.
      await expect.poll(() => scene.shop.starts > startsBefore, { timeout: 15_000 }).toBe(true);
      await scene.shop.whenUp();
      await scene.done();
    },
  },
];
