/**
 * Payment methods whose provider hosts the payment page (card and wallet, see the commerce
 * module's payment-methods.ts): the shopper is sent there after the order is placed. `checkmo`
 * and `free` place the order directly.
 */
export const HOSTED_PAYMENT_CODES: readonly string[] = ['lunettepay_card', 'lunettepay_wallet'];

export const isHostedPayment = (code: string | null | undefined) => code !== null && code !== undefined && HOSTED_PAYMENT_CODES.includes(code);

/** The provider's page in a placed order's payment data. */
export function hostedPaymentUrl(additionalData: ReadonlyArray<{ name: string | null; value: string | null } | null> | null | undefined): string | null {
  return additionalData?.find((entry) => entry?.name === 'hosted_payment_url')?.value ?? null;
}
