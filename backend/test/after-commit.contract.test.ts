import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whenCommitted } from '../src/db/database';
import { decrementStock } from '../src/modules/catalog/catalog-lookup';
import { onCatalogWrite } from '../src/shared/catalog-writes';
import { defaultModuleDeps } from '../src/shared/module-deps';
import { queueMail } from '../src/shared/outbox';
import { startTestBackend, type TestBackend } from './test-backend';

// Purges and mail logs tell others about a write: they go once its transaction has committed, never
// for one that rolled back, once for one run again (ADR 016). On PGlite by default, on the
// PostgreSQL server of DATABASE_URL in the PostgreSQL suite (`node scripts/with-postgres.mjs …`).
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const LISTING = '{products(filter:{category_uid:{eq:"Mw=="}},pageSize:3){items{uid sku stock_status}}}';

let api: TestBackend;
const purges: (readonly string[])[] = [];
let stopListening: () => void;
beforeAll(async () => {
  api = await startTestBackend();
  stopListening = onCatalogWrite((tags) => void purges.push(tags));
});
afterAll(async () => {
  stopListening();
  await api.close();
});

const cacheState = async () =>
  (await api.http(`/graphql?query=${encodeURIComponent(LISTING)}`, { headers: { Store: 'ca' } })).headers.get('x-magento-cache-debug');

async function aVariant(): Promise<{ id: number; qty: number }> {
  const rows = await api.backend.db.query<{ id: number; qty: number }>(
    "SELECT id, qty FROM catalog_product WHERE parent_id IS NOT NULL AND stock_status = 'IN_STOCK' AND qty > 5 ORDER BY id LIMIT 1",
  );
  return rows.rows[0]!;
}
const qtyOf = async (id: number) => (await api.backend.db.query<{ qty: number }>('SELECT qty FROM catalog_product WHERE id = $1', [id])).rows[0]!.qty;

describe(`effects after commit on ${engine} (ADR 016)`, () => {
  it('a stock write purges the cached answers once its transaction commits, not while it is open', async () => {
    const variant = await aVariant();
    await cacheState();
    expect(await cacheState()).toBe('HIT');
    purges.length = 0;
    await api.backend.db.transaction(async (tx) => {
      await decrementStock(tx, variant.id, 1);
      expect(purges).toEqual([]);
    });
    expect(purges).toHaveLength(1);
    expect(purges[0]).toContain(`cat_p_${variant.id}`);
    expect(await cacheState()).toBe('MISS');
    expect(await qtyOf(variant.id)).toBe(variant.qty - 1);
  });

  it('a stock write whose transaction rolls back purges nothing and its answers stay cached', async () => {
    const variant = await aVariant();
    await cacheState();
    expect(await cacheState()).toBe('HIT');
    purges.length = 0;
    const failed = api.backend.db.transaction(async (tx) => {
      await decrementStock(tx, variant.id, 1);
      throw new Error('the order failed after the stock was taken');
    });
    await expect(failed).rejects.toThrow('the order failed');
    expect(purges).toEqual([]);
    expect(await cacheState()).toBe('HIT');
    expect(await qtyOf(variant.id)).toBe(variant.qty);
  });

  it('a write outside a transaction tells at once', () => {
    const told: string[] = [];
    whenCommitted(api.backend.db, () => void told.push('now'));
    expect(told).toEqual(['now']);
  });

  it('a mail is logged once when its transaction commits; an attempt rolled back for a serialization failure logs nothing', async () => {
    const logged: string[] = [];
    const deps = { ...defaultModuleDeps, log: (message: string) => void logged.push(message) };
    let attempts = 0;
    const run = api.backend.db.transaction(async (tx) => {
      attempts++;
      await queueMail(tx, deps, { recipient: 'after-commit@example.com', subject: `Attempt ${attempts}`, body: 'Hello', now: new Date() });
      expect(logged).toEqual([]);
      // PostgreSQL's "could not serialize access": the transaction is run again (PGlite runs one at a time and never asks)
      if (attempts === 1) throw Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' });
    });
    if (engine === 'PostgreSQL') {
      await run;
      expect(attempts).toBe(2);
      expect(logged).toEqual(['[outbox] to after-commit@example.com: Attempt 2']);
    } else {
      await expect(run).rejects.toThrow('could not serialize');
      expect(logged).toEqual([]);
    }
    const kept = await api.backend.db.query<{ subject: string }>("SELECT subject FROM outbox WHERE recipient = 'after-commit@example.com' ORDER BY id");
    expect(kept.rows.map((r) => r.subject)).toEqual(engine === 'PostgreSQL' ? ['Attempt 2'] : []);
  });
});
