import { Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { lazyPage, PageFailureBoundary } from './lazy-page';
import { PageLoading } from '../ui/shell/page-loading';
import { RequireSignIn } from '../ui/account/require-sign-in';
import { ShellLayout } from '../ui/shell/shell-layout';

// Each page is its own chunk (bundle budget: the home route's initial JS stays small).
const HomePage = lazyPage(async () => (await import('../ui/home/home-page')).HomePage);
const SearchPage = lazyPage(async () => (await import('../ui/search/search-page')).SearchPage);
const RouteResolver = lazyPage(async () => (await import('../ui/shell/route-resolver')).RouteResolver);
// Alerts, unsubscribe links, abandoned-cart links and payment returns (spec §2).
const ProductAlertPage = lazyPage(async () => (await import('../ui/alerts/product-alert-page')).ProductAlertPage);
const ProductAlertUnsubscribePage = lazyPage(async () => (await import('../ui/alerts/alert-unsubscribe-page')).ProductAlertUnsubscribePage);
const UnsubscribeByIdPage = lazyPage(async () => (await import('../ui/alerts/alert-unsubscribe-page')).UnsubscribeByIdPage);
const AbandonedCartPage = lazyPage(async () => (await import('../ui/abandoned-cart/abandoned-cart-page')).AbandonedCartPage);
const PaymentReturnPage = lazyPage(async () => (await import('../ui/payment-return/payment-return-page')).PaymentReturnPage);
const PaymentSuccessPage = lazyPage(async () => (await import('../ui/payment-return/payment-success-page')).PaymentSuccessPage);
const PaymentFailPage = lazyPage(async () => (await import('../ui/payment-return/payment-fail-page')).PaymentFailPage);
const PaymentResultPage = lazyPage(async () => (await import('../ui/payment-return/payment-result-page')).PaymentResultPage);

// Virtual try-on (spec §2 /try-on-glasses): its models and face tracker load only on this route.
const TryOnPage = lazyPage(async () => (await import('../ui/try-on/try-on-page')).TryOnPage);

// Lens customisation and prescriptions (spec §2, eyewear notes).
const CustomisePage = lazyPage(async () => (await import('../ui/customise/customise-page')).CustomisePage);
const PrescriptionsPage = lazyPage(async () => (await import('../ui/prescriptions/prescriptions-page')).PrescriptionsPage);
const PrescriptionFixPage = lazyPage(async () => (await import('../ui/prescriptions/prescription-fix-page')).PrescriptionFixPage);

// Cart, checkout and account pages (spec §2); signed-in-only ones are wrapped in RequireSignIn.
const CartPage = lazyPage(async () => (await import('../ui/cart/cart-page')).CartPage);
const CheckoutPage = lazyPage(async () => (await import('../ui/checkout/checkout-page')).CheckoutPage);
const SignInPage = lazyPage(async () => (await import('../ui/account/sign-in-page')).SignInPage);
const CreateAccountPage = lazyPage(async () => (await import('../ui/account/create-account-page')).CreateAccountPage);
const ForgotPasswordPage = lazyPage(async () => (await import('../ui/account/forgot-password-page')).ForgotPasswordPage);
const ResetPasswordPage = lazyPage(async () => (await import('../ui/account/reset-password-page')).ResetPasswordPage);
const OrderHistoryPage = lazyPage(async () => (await import('../ui/account/order-history-page')).OrderHistoryPage);
const OrderDetailPage = lazyPage(async () => (await import('../ui/account/order-detail-page')).OrderDetailPage);
const AddressBookPage = lazyPage(async () => (await import('../ui/account/address-book-page')).AddressBookPage);
const AccountInformationPage = lazyPage(async () => (await import('../ui/account/account-information-page')).AccountInformationPage);
const CommunicationsPage = lazyPage(async () => (await import('../ui/account/communications-page')).CommunicationsPage);
const SavedPaymentsPage = lazyPage(async () => (await import('../ui/account/saved-payments-page')).SavedPaymentsPage);
const WishlistPage = lazyPage(async () => (await import('../ui/account/wishlist-page')).WishlistPage);
const SocialAccountsPage = lazyPage(async () => (await import('../ui/account/social-accounts-page')).SocialAccountsPage);
const ContactUsPage = lazyPage(async () => (await import('../ui/account/contact-us-page')).ContactUsPage);

/** A page whose code cannot load (offline) shows the shop's words, and loads once the connection is back (ADR 007). */
const page = (element: React.ReactNode) => (
  <PageFailureBoundary>
    <Suspense fallback={<PageLoading />}>{element}</Suspense>
  </PageFailureBoundary>
);
/** Spec §2: signed-in only; a guest goes to /sign-in and comes back. */
const signedInPage = (element: React.ReactNode) => page(<RequireSignIn>{element}</RequireSignIn>);

/**
 * A page the browser renders that search engines may list. Every other page the browser
 * renders is the shopper's own or a link's (cart, checkout, account, sign-in, e-mail links): its
 * shell says `noindex`. The pages the server renders carry their own robots rule.
 */
export const INDEXABLE = { indexable: true } as const;

/** Spec §2 /customize/{urlkey?}: the lens wizard, its frame named by url key. */
export const CUSTOMISE_ROUTE_PATH = 'customize/:urlKey?';

/**
 * The routes of spec §2 under the store-code base path. Anything not listed is resolved by the
 * backend (spec §2 Fallback): category, product, CMS page, redirect or not found (the `*` route).
 * As data, so the server render can tell which URL the route machine resolves.
 */
export const SHOP_ROUTES: RouteObject[] = [
  {
    element: <ShellLayout />,
    children: [
      { index: true, element: page(<HomePage />) },
      { path: 'search.html', element: page(<SearchPage />) },
      { path: 'stock', element: page(<ProductAlertPage key="stock" type="STOCK" />) },
      { path: 'price', element: page(<ProductAlertPage key="price" type="PRICE" />) },
      { path: 'productalert/unsubscribe/:action/product/:product/product_id/:productId/hash/:hash/type/:type', element: page(<ProductAlertUnsubscribePage />) },
      { path: 'productalert/unsubscribe/:action/product_id/:productId/hash/:hash/type/:type', element: page(<ProductAlertUnsubscribePage />) },
      { path: 'unsubscribe/:id/:code?', element: page(<UnsubscribeByIdPage />) },
      { path: 'abandonedcart/checkout/cart/id/:id/token/:token', element: page(<AbandonedCartPage />) },
      { path: 'paypal/action/return.html', element: page(<PaymentReturnPage key="wallet" />) },
      { path: 'ayden/action/return.html', element: page(<PaymentReturnPage key="card" />) },
      { path: 'success', element: page(<PaymentSuccessPage />) },
      { path: 'paymentfail', element: page(<PaymentFailPage />) },
      { path: 'payment-result', element: page(<PaymentResultPage />) },
      { path: 'try-on-glasses', element: page(<TryOnPage />), handle: INDEXABLE },
      { path: CUSTOMISE_ROUTE_PATH, element: page(<CustomisePage />) },
      { path: 'prescription', element: signedInPage(<PrescriptionsPage />) },
      { path: 'prescriptionfix/:orderId/:keyFix?', element: page(<PrescriptionFixPage />) },
      { path: 'cart', element: page(<CartPage />) },
      { path: 'checkout', element: page(<CheckoutPage />) },
      { path: 'sign-in', element: page(<SignInPage />) },
      { path: 'create-account', element: page(<CreateAccountPage />) },
      { path: 'forgot-password', element: page(<ForgotPasswordPage />) },
      { path: 'customer/account/createPassword', element: page(<ResetPasswordPage />) },
      { path: 'order-history', element: signedInPage(<OrderHistoryPage />) },
      { path: 'order-history/:orderNumber', element: signedInPage(<OrderDetailPage />) },
      { path: 'address-book', element: signedInPage(<AddressBookPage />) },
      { path: 'account-information', element: signedInPage(<AccountInformationPage />) },
      { path: 'communications', element: signedInPage(<CommunicationsPage />) },
      { path: 'saved-payments', element: signedInPage(<SavedPaymentsPage />) },
      { path: 'wishlist', element: signedInPage(<WishlistPage />) },
      { path: 'social-accounts', element: page(<SocialAccountsPage />) },
      { path: 'contact-us', element: page(<ContactUsPage />), handle: INDEXABLE },
      { path: '*', element: page(<RouteResolver />) },
    ],
  },
];

/** The route resolved by the backend (spec §2 Fallback). */
export const FALLBACK_ROUTE_PATH = '*';

export function ShopRoutes() {
  return useRoutes(SHOP_ROUTES);
}
