/**
 * Payment methods: Magento's check / money order and zero-subtotal checkout, and LunettePay, a
 * simulated card and wallet provider with a hosted payment page (see hosted-payments.ts).
 */
export interface PaymentMethodDefinition {
  code: string;
  title: string;
  /** Hosted by the provider: the order waits in `pending_payment` until the shopper returns. */
  hosted: boolean;
  /** Storefront route the provider returns to, under the store code. */
  returnPath?: string;
}

export const CHECKMO: PaymentMethodDefinition = { code: 'checkmo', title: 'Check / Money order', hosted: false };
export const FREE: PaymentMethodDefinition = { code: 'free', title: 'No Payment Information Required', hosted: false };
export const LUNETTEPAY_CARD: PaymentMethodDefinition = {
  code: 'lunettepay_card',
  title: 'Credit or debit card (LunettePay)',
  hosted: true,
  returnPath: 'ayden/action/return.html',
};
export const LUNETTEPAY_WALLET: PaymentMethodDefinition = {
  code: 'lunettepay_wallet',
  title: 'LunettePay wallet',
  hosted: true,
  returnPath: 'paypal/action/return.html',
};

export const PAYMENT_METHODS = [CHECKMO, FREE, LUNETTEPAY_CARD, LUNETTEPAY_WALLET] as const;

/**
 * Whether the store view takes checks and money orders (Magento's `payment/checkmo/active`,
 * store-scoped; active where the view has no row, Magento's default). The shop cashes checks only
 * at its bank in Montréal, in Canadian and US dollars: the other views do not offer the method
 * (`store/country-settings.ts`).
 */
export const checksAccepted = (config: ReadonlyMap<string, string>) => config.get('payment/checkmo/active') !== '0';

/**
 * What a cart may pay with: only `free` at a zero total (as Magento's zero-subtotal checkout), never
 * `free` otherwise; check / money order only where the store view takes checks.
 */
export function availablePaymentMethods(grandTotal: number, config: ReadonlyMap<string, string>): PaymentMethodDefinition[] {
  if (grandTotal <= 0) return [FREE];
  return checksAccepted(config) ? [CHECKMO, LUNETTEPAY_CARD, LUNETTEPAY_WALLET] : [LUNETTEPAY_CARD, LUNETTEPAY_WALLET];
}

export const findPaymentMethod = (code: string) => PAYMENT_METHODS.find((m) => m.code === code) ?? null;

/**
 * Magento's check / money order settings "Make Check payable to" (`payment/checkmo/payable_to`) and
 * "Send Check to" (`payment/checkmo/mailing_address`), store-scoped; these are the defaults.
 */
export const CHECKMO_PAYABLE_TO = 'Lunette Eyewear Inc.';
export const CHECKMO_MAILING_ADDRESS = 'Lunette Eyewear Inc.\nAttn: Orders\n1200 Rue Sainte-Catherine Ouest, Suite 400\nMontréal QC H3B 1K1\nCanada';

/**
 * What an order's payment carries beside its method (`OrderPaymentMethod.additional_data`): for a
 * check / money order, the payee and the mailing address, copied onto the order when it is placed
 * as Magento's OfflinePayments BeforeOrderPaymentSaveObserver does (`payable_to`, `mailing_address`).
 */
export function paymentAdditionalOf(method: PaymentMethodDefinition, config: ReadonlyMap<string, string>): { name: string; value: string }[] {
  if (method.code !== CHECKMO.code) return [];
  return [
    { name: 'payable_to', value: config.get('payment/checkmo/payable_to') ?? CHECKMO_PAYABLE_TO },
    { name: 'mailing_address', value: config.get('payment/checkmo/mailing_address') ?? CHECKMO_MAILING_ADDRESS },
  ];
}
