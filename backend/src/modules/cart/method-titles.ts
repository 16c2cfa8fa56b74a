import type { Transaction } from '../../db/database';
import { insertRows } from '../../db/insert-rows';
import { isEnglish, type Translations, translationFor } from '../../shared/store-locales';
import titles from './method-titles.i18n.json' with { type: 'json' };
import type { PaymentMethodDefinition } from './payment-methods';
import type { ShippingMethodDefinition } from './shipping-methods';

/**
 * Carrier, shipping method and payment method titles per store view, kept where Magento
 * keeps them: store-scoped settings `carriers/<carrier>/title` (carrier title), `carriers/<carrier>/name`
 * (method title) and `payment/<code>/title`, written for the non-English store views from
 * method-titles.i18n.json. Without a row the title in shipping-methods.ts / payment-methods.ts shows.
 */
const TITLES = titles as Record<string, Translations<string>>;

export async function seedMethodTitles(tx: Transaction): Promise<void> {
  const views = (await tx.query<{ id: number; locale: string }>('SELECT id, locale FROM store_view ORDER BY id')).rows.filter((v) => !isEnglish(v.locale));
  await insertRows(
    tx,
    'core_config_data',
    views.flatMap((v) =>
      Object.entries(TITLES).flatMap(([path, byLocale]) => {
        const value = translationFor(byLocale, v.locale);
        return value ? [{ store_id: v.id, path, value }] : [];
      }),
    ),
  );
}

export const localisedShippingMethod = <M extends ShippingMethodDefinition>(m: M, config: ReadonlyMap<string, string>): M => ({
  ...m,
  carrier_title: config.get(`carriers/${m.carrier_code}/title`) ?? m.carrier_title,
  method_title: config.get(`carriers/${m.carrier_code}/name`) ?? m.method_title,
});

export const localisedPaymentMethod = (m: PaymentMethodDefinition, config: ReadonlyMap<string, string>): PaymentMethodDefinition => ({
  ...m,
  title: config.get(`payment/${m.code}/title`) ?? m.title,
});
