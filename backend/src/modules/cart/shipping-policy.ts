import type { Queryable } from '../../db/database';
import { freeShippingSubtotalOf, labWorkingDaysOf } from '../store/shipping-settings';
import { storeConfigOf, type StoreView } from '../store/store-views';
import { formatMoneyIn } from './cart-totals';
import { EXPRESS, FLAT_RATE, type ShippingMethodDefinition } from './shipping-methods';

const days = (m: ShippingMethodDefinition) => `${m.deliveryDays.min}–${m.deliveryDays.max}`;

/**
 * A CMS text with the shop's shipping settings written in (ADR 040): `{{free_shipping_subtotal}}`
 * (the store view's `carriers/freeshipping/free_shipping_subtotal`, as the view writes money:
 * "92,00 €" in de), `{{lab_working_days}}` (`lunette/lab/working_days`) and the carriers' delivery
 * days `{{standard_delivery_days}}` / `{{express_delivery_days}}`: the shipping policy page states
 * the numbers the checkout computes with, from the same settings.
 */
export async function withShippingSettings(q: Queryable, store: StoreView, content: string): Promise<string> {
  if (!content.includes('{{')) return content;
  const config = await storeConfigOf(q, store.id);
  const subtotal = freeShippingSubtotalOf(config);
  const values: Record<string, string> = {
    free_shipping_subtotal: subtotal === null ? '' : formatMoneyIn({ locale: store.locale, currency: store.displayCurrency }, subtotal),
    lab_working_days: String(labWorkingDaysOf(config)),
    standard_delivery_days: days(FLAT_RATE),
    express_delivery_days: days(EXPRESS),
  };
  return content.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}
