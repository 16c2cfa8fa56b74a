import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { storeConfigOf } from './store-config';
import { exchangeRates, listStoreViews, storeConfigOf as storeSettingsOf } from './store-views';

const CURRENCY_SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  HKD: 'HK$',
  MXN: 'MX$',
  AUD: 'A$',
  CAD: 'CA$',
  CHF: 'CHF',
};

/** Typed against the served schema (resolvers-types.ts): a wrong field name, argument or answer shape fails to compile. */
export const storeResolvers: Resolvers = {
  Query: {
    storeConfig: async (_root, _args, ctx) => storeConfigOf(ctx.store, ctx.origin, await storeSettingsOf(ctx.db, ctx.store.id)),
    availableStores: async (_root, _args, ctx) =>
      Promise.all((await listStoreViews(ctx.db)).map(async (s) => storeConfigOf(s, ctx.origin, await storeSettingsOf(ctx.db, s.id)))),
    currency: async (_root, _args, ctx) => {
      const rates = await exchangeRates(ctx.db, ctx.store.baseCurrency);
      const display = ctx.store.displayCurrency;
      return {
        base_currency_code: ctx.store.baseCurrency,
        base_currency_symbol: CURRENCY_SYMBOLS[ctx.store.baseCurrency] ?? ctx.store.baseCurrency,
        default_display_currency_code: display,
        default_display_currency_symbol: CURRENCY_SYMBOLS[display] ?? display,
        default_display_currecy_code: display,
        default_display_currecy_symbol: CURRENCY_SYMBOLS[display] ?? display,
        available_currency_codes: [display],
        exchange_rates: rates.filter((r) => r.target === display).map((r) => ({ currency_to: r.target, rate: r.rate })),
      };
    },
  },
};
