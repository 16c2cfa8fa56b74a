import { describe, expect, it } from 'vitest';
import { operationCoverage } from '../../src/graphql/operation-coverage';
import { mergeResolvers } from '../../src/graphql/schema';
import { BACKEND_MODULES } from '../../src/modules/modules';

/**
 * Which of Magento 2.4.9's queries and mutations the embedded backend serves, read from the schema it
 * serves (ADR 036: the counts there come from `npm run magento:coverage`). An operation left out is
 * absent from the served schema, as on a Magento without its module. The shop's own operations answer
 * too but are counted apart: counting them with Magento's would overstate its coverage.
 */
const LEFT_OUT = {
  queries: [
    // Magento's EAV attribute forms and metadata: the storefront reads its product attributes from `products`.
    'attributesForm',
    'attributesList',
    'customAttributeMetadata',
    'customAttributeMetadataV2',
    // Modules the shop does not run: checkout agreements, compare lists, downloadable products,
    // customer groups, vaulted payment tokens, PayPal Payflow, in-store pickup, reviews, reCAPTCHA.
    'checkoutAgreements',
    'compareList',
    'customerDownloadableProducts',
    'customerGroup',
    'customerPaymentTokens',
    'getHostedProUrl',
    'getPayflowLinkToken',
    'pickupLocations',
    'productReviewRatingsMetadata',
    'recaptchaFormConfig',
    'recaptchaV3Config',
  ],
  mutations: [
    // Product types the shop does not sell (bundles, downloadables, virtual goods).
    'addBundleProductsToCart',
    'addDownloadableProductsToCart',
    'addVirtualProductsToCart',
    // Compare lists, reviews, send-to-friend, order cancellation and reorder: modules the shop does not run.
    'addProductsToCompareList',
    'assignCompareListToCustomer',
    'createCompareList',
    'deleteCompareList',
    'removeProductsFromCompareList',
    'createProductReview',
    'sendEmailToFriend',
    'cancelOrder',
    'confirmCancelOrder',
    'requestGuestOrderCancel',
    'reorderItems',
    'clearWishlist',
    // Account confirmation is off (accounts are usable at once), deletion is done by the shop's staff.
    'confirmEmail',
    'resendConfirmationEmail',
    'deleteCustomer',
    'generateCustomerTokenAsAdmin',
    // Payment gateways the shop does not use (its hosted payment is its own, ADR 011), and vaulted tokens.
    'createBraintreeClientToken',
    'createBraintreePayPalClientToken',
    'createBraintreePayPalVaultClientToken',
    'createPayflowProToken',
    'createPaypalExpressToken',
    'handlePayflowProResponse',
    'deletePaymentToken',
    'setPaymentMethodAndPlaceOrder',
  ],
};

describe("Magento 2.4.9's operations served by the embedded backend (ADR 036)", () => {
  const coverage = operationCoverage(mergeResolvers(BACKEND_MODULES.map((m) => m.resolvers)));

  it('serves every query a storefront uses; the rest are left out as listed', () => {
    expect(coverage.queries.missing).toEqual([...LEFT_OUT.queries].sort());
    expect(coverage.queries.served).toEqual(expect.arrayContaining(['category', 'customerCart', 'products', 'route', 'storeConfig', 'availableStores']));
    expect([coverage.queries.served.length, coverage.queries.declared.length]).toEqual([21, 36]);
  });

  it('serves every mutation a storefront uses; the rest are left out as listed', () => {
    expect(coverage.mutations.missing).toEqual([...LEFT_OUT.mutations].sort());
    expect(coverage.mutations.served).toEqual(
      expect.arrayContaining([
        'addSimpleProductsToCart',
        'addConfigurableProductsToCart',
        'createCustomer',
        'updateCustomer',
        'estimateShippingMethods',
        'estimateTotals',
        'clearCart',
      ]),
    );
    expect([coverage.mutations.served.length, coverage.mutations.declared.length]).toEqual([41, 68]);
  });

  it("counts the shop's own operations apart from Magento's: served + shop's own is every root field answered", () => {
    for (const c of [coverage.queries, coverage.mutations]) {
      expect(c.shopOwn.length).toBeGreaterThan(0);
      expect(c.shopOwn.every((f) => f.startsWith('lunette') && !c.declared.includes(f))).toBe(true);
      expect([...c.served, ...c.missing].sort()).toEqual(c.declared);
    }
    expect(coverage.queries.deprecated).toEqual(['category', 'categoryList', 'customerOrders', 'urlResolver', 'wishlist']);
    expect(coverage.mutations.deprecated).toEqual(['createCustomer', 'createEmptyCart', 'deleteCustomerAddress', 'updateCustomer', 'updateCustomerAddress']);
  });
});
