import { ApolloProvider } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import { createIntlErrorHandler } from '../services/i18n/intl-errors';
import { loadMessages, messagesAtOnce, NO_MESSAGES, type Messages } from '../services/i18n/messages';
import { expectedLocaleOf } from '../services/store-view/store-views';
import { ShopActorsProvider } from '../ui/app/shop-actors';
import { useShopFailureWords } from '../ui/shared/shop-failure-text';
import type { Shop } from './create-shop';
import { EARLY_INTERACTIONS_KEY, type EarlyInteractionScope } from './rendered-page';
import { ShopRoutes } from './shop-routes';

/**
 * Lets services navigate inside the app (e.g. the app machine's search) through the router, and
 * tells the shop which route is shown: the page machines of the route left stop (ADR 009).
 */
function NavigatorBridge({ shop }: { shop: Shop }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    shop.setNavigator((to, options) => void navigate(to, options));
    shop.enterRoute(pathname);
    return () => shop.setNavigator(null);
  }, [navigate, pathname, shop]);
  return null;
}

/** Locale-aware providers around the router: messages follow the store view's locale. */
function Localised({ shop, router }: { shop: Shop; router: ServerRouter | undefined }) {
  // Until the store config answers (or when it fails), the store view's expected locale.
  const locale = useSelector(shop.actors.storeView, (s) => (s.matches('ready') ? s.context.locale : expectedLocaleOf(s.context.storeCode, s.context.locale)));
  const [loadedMessages, setMessages] = useState<{ locale: string; messages: Messages } | null>(null);
  const atOnce = messagesAtOnce(locale);
  useEffect(() => {
    if (messagesAtOnce(locale)) return;
    let live = true;
    // A catalogue that cannot load (the shop unreachable) leaves the English words.
    loadMessages(locale).then(
      (m) => live && setMessages({ locale, messages: m }),
      () => live && setMessages({ locale, messages: NO_MESSAGES }),
    );
    return () => {
      live = false;
    };
  }, [locale]);
  const messages = atOnce ? { locale, messages: atOnce } : loadedMessages;
  const loaded = messages?.locale === locale;
  // The words of the shop's own failures load where one is first shown (ADR 019): a new messages
  // object when they arrive gives a new intl, so the views showing a failure render its words.
  const failureWords = useShopFailureWords();
  const catalogue = messages?.messages;
  const shown = useMemo(() => (catalogue && failureWords ? { ...catalogue } : catalogue), [catalogue, failureWords]);
  const onError = useMemo(() => createIntlErrorHandler(() => loaded), [loaded]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  // The store view's words or none, never English ones while its catalogue loads: a page
  // the browser renders itself waits for them; a page the server rendered comes with them.
  if (!loaded) return null;
  return (
    <IntlProvider locale={locale} defaultLocale="en-CA" messages={shown} onError={onError}>
      {router ? (
        router(<ShopRoutes />)
      ) : (
        <BrowserRouter basename={`/${shop.storeCode}`}>
          <NavigatorBridge shop={shop} />
          <ShopRoutes />
        </BrowserRouter>
      )}
    </IntlProvider>
  );
}

/** The router of a server render: one URL's, around the routes (React Router's StaticRouter, kept out of the browser's code). */
export type ServerRouter = (routes: ReactNode) => ReactNode;

/** The whole shop, following the browser's URL, or in `router` (a server render). */
export function ShopRoot({ shop, router }: { shop: Shop; router?: ServerRouter }) {
  // Marks the document once the shop runs in it (rendered, or a server's page hydrated): tests and tools wait for it.
  useEffect(() => {
    document.documentElement.dataset.shopReady = 'true';
    // …and when: the request budget counts what a page starts before it runs (tests/e2e/request-budget.spec.ts).
    performance.mark?.('shop-ready');
    // What the shopper did on a server page before its code ran takes effect now (ADR 033).
    // (Its code loads only then: a page with nothing to replay, or not the server's, never loads it.)
    if ((window as EarlyInteractionScope)[EARLY_INTERACTIONS_KEY]?.length)
      void import('./early-interactions').then(
        (early) => early.replayEarlyInteractions(),
        () => undefined, // its code unreachable (offline): the page goes on as the shopper sees it
      );
  }, []);
  return (
    <ApolloProvider client={shop.client}>
      <ShopActorsProvider actors={shop.actors}>
        <Localised shop={shop} router={router} />
      </ShopActorsProvider>
    </ApolloProvider>
  );
}
