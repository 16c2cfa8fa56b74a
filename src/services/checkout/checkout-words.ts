/** Said when placeOrder answered without the provider's page (the review shows it in words). */
export const HOSTED_PAGE_MISSING = 'The payment provider did not answer with a payment page. Choose another payment method.';
