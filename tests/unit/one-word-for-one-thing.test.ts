import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ADR 031's rule, one word for one thing, across the storefront's catalogues (ADR 019) and the
 * backend's (ADR 018): the wizard, the cart, the checkout, the receipt and the order history name
 * an eye, the PD, ADD and a lens type with the same words in a store view, and a sentence both the
 * storefront's own check and the server's refusal can say reads the same whichever says it.
 */
const ROOT = join(import.meta.dirname, '../..');
const LANGUAGES = ['fr', 'de', 'es', 'nl'] as const;

const json = <T>(path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;
const english = json<Record<string, string>>('src/services/i18n/messages/en.json');

function storefront(language: string): Record<string, string> {
  const folder = `src/services/i18n/messages/${language}`;
  return Object.assign({}, ...readdirSync(join(ROOT, folder)).map((file) => json<Record<string, string>>(`${folder}/${file}`)));
}
const backend = (language: string) => json<Record<string, string>>(`backend/src/shared/messages/${language}.json`);

interface LensOption {
  title: string;
  type: string;
  titles: Record<string, string>;
  values: { title: string; sku: string; titles?: Record<string, string> }[];
}
const lensOptions = json<LensOption[]>('backend/src/modules/catalog/lens-options.json');
const usageOption = lensOptions.find((o) => o.values.some((v) => v.sku.startsWith('usage-')))!;
const usages = usageOption.values;
const prescriptionOption = lensOptions.find((o) => o.type === 'area')!;
/** The title a store view of `locale` reads (backend/src/shared/store-locales.ts: locale, else language, else English). */
const titleIn = (item: { title: string; titles?: Record<string, string> }, locale: string) =>
  item.titles?.[locale] ?? item.titles?.[locale.split('_')[0]!] ?? item.title;
/** The storefront's catalogue a store view reads (src/services/i18n/messages.ts: es-MX reads es). */
const STORE_VIEW_LOCALES = ['fr_FR', 'de_DE', 'de_CH', 'es_ES', 'es_MX', 'nl_NL'] as const;
const USAGE_MESSAGES: Record<string, string> = {
  'usage-distance': 'eyewear.usage.distance',
  'usage-reading': 'eyewear.usage.reading',
  'usage-progressive': 'eyewear.usage.progressive',
  'usage-plano': 'eyewear.usage.plano',
  'usage-frame': 'eyewear.usage.frameOnly',
};

describe('one word for one thing in every store view language (ADR 031, ADR 018, ADR 019)', () => {
  it.each(LANGUAGES)('%s: a sentence the storefront and the backend both translate reads the same', (language) => {
    const front = storefront(language);
    const back = backend(language);
    const differing = Object.entries(english).flatMap(([id, text]) =>
      back[text] !== undefined && front[id] !== back[text] ? [`${id} "${text}": storefront "${front[id]}", backend "${back[text]}"`] : [],
    );
    expect(differing).toEqual([]);
  });

  it.each(LANGUAGES)("%s: the wizard's form, the cart's prescription table and the one-line summaries name the eyes and the PD alike", (language) => {
    const m = storefront(language);
    const eyeTerm = (label: string) => label.split(' (')[0]!;
    expect(m['checkout.prescription.od']).toBe(m['eyewear.rx.od']);
    expect(m['checkout.prescription.os']).toBe(m['eyewear.rx.os']);
    expect(m['eyewear.rx.odRow']).toContain(`(${eyeTerm(m['eyewear.rx.od']!)})`);
    expect(m['eyewear.rx.osRow']).toContain(`(${eyeTerm(m['eyewear.rx.os']!)})`);
    expect(m['eyewear.term.summary']).toMatch(
      new RegExp(`^${eyeTerm(m['eyewear.rx.od']!)} \\{od\\} · ${eyeTerm(m['eyewear.rx.os']!)} \\{os\\} · ${m['eyewear.term.pd']} \\{pd\\}$`),
    );
    expect(m['eyewear.rx.pd.label']).toBe(m['eyewear.term.pd']);
    // The cart's and the receipt's single PD line ("PD: 63 mm") uses the word of the table's column and the form's field.
    expect(m['checkout.prescription.pd']!.startsWith(m['eyewear.term.pd']!)).toBe(true);
    expect(m['eyewear.usage.progressive.detail']).toContain(m['eyewear.term.add']);
  });

  it.each(STORE_VIEW_LOCALES)("%s: the wizard's lens types are the words the cart, the receipt and the order show (the backend's option titles)", (locale) => {
    const m = storefront(locale.split('_')[0]!);
    for (const usage of usages) {
      expect(m[USAGE_MESSAGES[usage.sku]!], usage.sku).toBe(titleIn(usage, locale));
      expect(english[USAGE_MESSAGES[usage.sku]!], usage.sku).toBe(usage.title);
    }
  });

  it.each(['en_CA', ...STORE_VIEW_LOCALES])(
    "%s: the cart's, the receipt's and the order's option labels are the wizard's step names (the lens type, the prescription)",
    (locale) => {
      const language = locale.split('_')[0]!;
      const m = language === 'en' ? english : storefront(language);
      expect(m['eyewear.customise.step.usage']).toBe(titleIn(usageOption, locale));
      expect(m['eyewear.prescriptions.usage']).toBe(titleIn(usageOption, locale));
      expect(m['eyewear.customise.step.prescription']).toBe(titleIn(prescriptionOption, locale));
      expect(m['checkout.prescription.caption']).toBe(titleIn(prescriptionOption, locale));
    },
  );
});
