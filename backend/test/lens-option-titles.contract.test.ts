import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrescriptionLabel } from '../src/modules/catalog/product-choice';
import { startTestBackend, type TestBackend } from './test-backend';

/**
 * ADR 018 (amendment 2026-12-03), ADR 031: the lens options are titled in the words the wizard
 * uses ("Lens type", de "Rezept", es "Graduación", mx as es), in a fresh database (the seed) and in
 * one seeded before with "Lens type", "Brillenpass", "Receta" and mx's "Uso de las micas",
 * "Progresivos" and "Solo el armazón – sin micas" (migration 106, run when the backend starts on it). Titles are looked up by title,
 * never by option value ids, which are sequential across options.
 */
const OPTIONS = `{ products(filter: { sku: { eq: "LN1001" } }) { items {
  ... on CustomizableProductInterface { options { title ... on CustomizableRadioOption { value { title } } } } } } }`;
type Options = { products: { items: { options: { title: string; value?: { title: string }[] }[] }[] } };

/** The lens option titles a store view answers, and its progressive lens's title. */
async function lensTitlesIn(api: TestBackend, store: string) {
  const answer = await api.gql<Options>(OPTIONS, {}, { Store: store });
  expect(answer.errors).toBeUndefined();
  const options = answer.data!.products.items[0]!.options;
  return { titles: options.map((o) => o.title), progressive: options[0]!.value?.[2]?.title, frameOnly: options[0]!.value?.[4]?.title };
}

const EXPECTED: Record<string, { titles: string[]; progressive: string; frameOnly: string }> = {
  ca: { titles: ['Lens type', 'Lens index', 'Lens coatings', 'Prescription'], progressive: 'Progressive', frameOnly: 'Frame only – no lenses' },
  fr: {
    titles: ['Type de verres', 'Indice des verres', 'Traitements des verres', 'Ordonnance'],
    progressive: 'Progressifs',
    frameOnly: 'Monture seule – sans verres',
  },
  de: { titles: ['Glasart', 'Brechungsindex', 'Veredelungen', 'Rezept'], progressive: 'Gleitsicht', frameOnly: 'Nur die Fassung – ohne Gläser' },
  ch: { titles: ['Glasart', 'Brechungsindex', 'Veredelungen', 'Rezept'], progressive: 'Gleitsicht', frameOnly: 'Nur die Fassung – ohne Gläser' },
  es: {
    titles: ['Tipo de cristal', 'Índice de las lentes', 'Tratamientos de las lentes', 'Graduación'],
    progressive: 'Progresivas',
    frameOnly: 'Solo la montura – sin lentes',
  },
  mx: {
    titles: ['Tipo de cristal', 'Índice de las micas', 'Tratamientos de las micas', 'Graduación'],
    progressive: 'Progresivas',
    frameOnly: 'Solo la montura – sin lentes',
  },
  nl: { titles: ['Soort glas', 'Brekingsindex', 'Glasbehandelingen', 'Recept'], progressive: 'Multifocaal', frameOnly: 'Alleen het montuur – zonder glazen' },
};

/** Puts back the titles a database seeded before this change holds, as its seed wrote them. */
const FORMER_TITLES_SQL = `
  UPDATE catalog_product_option SET title = 'Lens type' WHERE title = 'Lens type';
  UPDATE catalog_product_option_title t SET title = CASE
      WHEN v.code = 'fr' AND t.title = 'Type de verres' THEN 'Usage des verres'
      WHEN v.code IN ('de', 'ch') AND t.title = 'Glasart' THEN 'Verwendung der Gläser'
      WHEN v.code = 'es' AND t.title = 'Tipo de cristal' THEN 'Uso de las lentes'
      WHEN v.code = 'mx' AND t.title = 'Tipo de cristal' THEN 'Uso de las micas'
      WHEN v.code = 'nl' AND t.title = 'Soort glas' THEN 'Gebruik van de glazen'
      WHEN v.code IN ('de', 'ch') AND t.title = 'Rezept' THEN 'Brillenpass'
      WHEN v.code IN ('es', 'mx') AND t.title = 'Graduación' THEN 'Receta'
      ELSE t.title END
  FROM store_view v WHERE v.id = t.store_id;
  UPDATE catalog_product_option_value_title t SET title = CASE t.title
      WHEN 'Progresivas' THEN 'Progresivos' WHEN 'Solo la montura – sin lentes' THEN 'Solo el armazón – sin micas' ELSE t.title END
  FROM store_view v WHERE v.id = t.store_id AND v.code = 'mx';
  DELETE FROM schema_migrations WHERE id = '106_lens_option_titles_in_the_storefront_words';
`;

describe("lens option titles are the wizard's words (ADR 018, ADR 031)", () => {
  let folder: string;
  let api: TestBackend;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'eyewear-lens-titles-'));
    api = await startTestBackend({ dataDir: join(folder, 'db') });
  }, 180_000);
  afterAll(async () => {
    await api.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('a fresh database is seeded with them in every store view language', async () => {
    expect(api.backend.seeded).toBe(true);
    for (const [store, expected] of Object.entries(EXPECTED)) expect(await lensTitlesIn(api, store), store).toEqual(expected);
  });

  it('a database seeded with the former titles is migrated to them when the backend starts on it', async () => {
    await api.backend.db.exec(FORMER_TITLES_SQL);
    await api.stop();
    api = await startTestBackend({ dataDir: join(folder, 'db') });
    expect(api.backend.seeded).toBe(false);
    for (const [store, expected] of Object.entries(EXPECTED)) expect(await lensTitlesIn(api, store), store).toEqual(expected);
    const applied = await api.backend.db.query<{ id: string }>('SELECT id FROM schema_migrations WHERE id LIKE $1', ['106_%']);
    expect(applied.rows.map((r) => r.id)).toEqual(['106_lens_option_titles_in_the_storefront_words']);
  }, 180_000);

  it("a line added under a former title keeps it, and its prescription is still found there (ADR 040's lab days, ADR 041's fix link)", () => {
    for (const title of ['Brillenpass', 'Receta', 'Rezept', 'Graduación', 'Ordonnance', 'Recept', 'Prescription'])
      expect(isPrescriptionLabel(title), title).toBe(true);
    expect(isPrescriptionLabel('Lens type')).toBe(false);
  });
});
