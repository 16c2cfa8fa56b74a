import { orderMails, cartLines, type Counts } from './backend-counts';
import { FAULTS, shownMessages, type FaultScene } from './faults';
import { expect, test } from './fixtures';
import { JOURNEYS, type Case } from './journeys';
import { addRow, type ReportRow } from './report';

/**
 * Every mutation of the main journeys (./journeys.ts) under every
 * fault a phone meets (./faults.ts). After each, the backend is counted (cart lines and quantities,
 * orders, order mails, the journey's own state): nothing lost, nothing done twice; and whatever the
 * shopper was shown is plain words (spec §8): no URL, request method, status code or cart id.
 */
const RAW = /https?:|\/rest\/|\/graphql|\b(GET|POST|PUT|DELETE|PATCH)\b|(?<![$\d.,])\b[45]\d\d\b(?![.,]\d)|responded|payment-information/;

function expectPlain(messages: string[], cartId: string | null | undefined) {
  for (const message of messages) {
    expect(message, 'a shown message is plain words').not.toMatch(RAW);
    if (cartId) expect(message, 'a shown message never holds the cart id').not.toContain(cartId);
  }
}

let row: ReportRow | null = null;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from its first argument
test.afterEach(async ({}, testInfo) => {
  if (row)
    addRow({
      ...row,
      status:
        testInfo.status !== testInfo.expectedStatus
          ? (testInfo.status ?? 'unknown')
          : testInfo.expectedStatus === 'failed'
            ? 'known failure (test.fail)'
            : 'passed',
    });
  row = null;
});

// Every journey × every fault; FAULTS_JOURNEYS=<id>,<id> narrows a local run to some journeys.
const only = process.env.FAULTS_JOURNEYS?.split(',').filter(Boolean);
for (const journey of JOURNEYS.filter((j) => !only?.length || only.includes(j.id))) {
  test.describe(journey.name, () => {
    for (const fault of FAULTS.filter((f) => !journey.faults || journey.faults.includes(f.id))) {
      test(`${fault.id}) ${fault.name}`, async ({ page, context, request, shop, ledger }, testInfo) => {
        const known = journey.knownFailures?.[fault.id];
        if (known) testInfo.annotations.push({ type: 'known failure', description: known });
        test.fail(!!known);
        test.fixme(!!journey.knownHangs?.[fault.id], journey.knownHangs?.[fault.id]);
        // Stopping and starting the server takes its start time again (up to a minute on a busy machine).
        // A known failure must fail on its assertion, not on the test's time limit (which test.fail() does not expect).
        test.slow(fault.id === 'f' || !!known);
        const expected = fault.outcome === 'after' ? journey.after : journey.before;
        const c: Case = { page, context, request, shop, email: `${journey.id}.${fault.id}.${Date.now()}@example.com`, cart: {} };
        row = { journey: journey.name, fault: `${fault.id}) ${fault.name}`, counts: null, expected, messages: [], log: [], status: '' };
        await journey.prepare(c);
        // The shopper sees the control before the fault meets the click (offline before the page had
        // loaded its code would be another fault: a page that cannot open).
        await expect(journey.control(page)).toBeVisible({ timeout: 20_000 });
        // Orders placed while preparing (the receipt an account is created from) are the case's too.
        let orders = await ledger.placedFor(request, c.email);

        const scene: FaultScene = {
          page,
          context,
          shop,
          target: journey.target,
          control: () => journey.control(page),
          done: () => journey.done(page),
          log: row.log,
          seen: row.messages,
        };
        try {
          await fault.run(scene);
        } finally {
          await context.setOffline(false);
          row.messages.push(...(await shownMessages(page)));
          row.messages.splice(0, row.messages.length, ...new Set(row.messages));
          // Settle: a late answer or a retry the shop makes on its own lands before the count.
          await page.waitForTimeout(500);
          orders += await ledger.placedFor(request, c.email);
          const counts: Counts = {
            ...(await cartLines(request, c.cart)),
            orders,
            emails: orderMails(shop.mailsTo(c.email)),
            state: await journey.state(c),
          };
          row.counts = counts;
          testInfo.annotations.push({ type: 'counts', description: JSON.stringify(counts) });
        }
        expect(
          row.counts,
          `${journey.name} × ${fault.name}: the backend holds the ${fault.outcome === 'after' ? 'mutation, once' : 'state before it'}`,
        ).toEqual(expected);
        expectPlain(row.messages, c.cart.cartId);
        if (fault.outcome === 'after') await journey.done(page);
      });
    }
  });
}
