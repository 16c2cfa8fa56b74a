/**
 * Payment methods whose provider hosts the payment page (card and wallet, see the commerce
 * module's payment-methods.ts): the shopper is sent there after the order is placed. `checkmo`
 * and `free` place the order directly. The checkout machine decides with the same list.
 */
export { HOSTED_PAYMENT_CODES, isHostedPayment } from '../../machines/checkout/checkout.types';
