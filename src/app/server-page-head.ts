import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { createIntl } from 'react-intl';
import type { SettledRoute } from '../machines/route/route.machine';
import type { Messages } from '../services/i18n/messages';
import {
  categoryPageHead,
  cmsPageHead,
  homePageHead,
  notFoundPageHead,
  productPageHead,
  searchPageHead,
  type PageHead,
  type PageHeadContext,
} from '../services/seo/page-head';
import { GET_AVAILABLE_STORES } from '../services/store-view/store-view.operations';
import { DEFAULT_STORE_CODE } from '../services/store-view/store-views';
import { GET_CATEGORY } from '../ui/catalog/category-page.operations';
import { GET_CMS_PAGE } from '../ui/cms/cms-page.operations';
import { GET_PRODUCT_DETAIL } from '../ui/product/product-page.operations';
import { pageTitles } from '../ui/shared/page-titles';
import { SHOP_NAME } from '../ui/shared/use-document-title';
import type { FirstPagePreload } from './route-preload';

export interface ServerPageHeadInput {
  client: ApolloClient<NormalizedCacheObject>;
  origin: string;
  storeCode: string;
  path: string;
  search: string;
  kind: FirstPagePreload;
  route: SettledRoute | null;
  /** The store view's language tag (`fr-FR`), its Magento locale (`fr_FR`), currency and catalogue. */
  lang: string;
  locale: string;
  currency: string;
  messages: Messages;
}

/**
 * The head of a server-rendered page: built from the same cached answers the page was
 * rendered from (no query of its own), titled as the browser titles it (useDocumentTitle), in the
 * store view's language.
 */
export function serverPageHead(input: ServerPageHeadInput): PageHead {
  const { client } = input;
  const stores = client.readQuery({ query: GET_AVAILABLE_STORES })?.availableStores ?? [];
  const context: PageHeadContext = {
    origin: input.origin,
    storeCode: input.storeCode,
    path: input.path,
    search: input.search,
    storeName: SHOP_NAME,
    locale: input.locale,
    currency: input.currency,
    storeViews: stores.flatMap((store) => (store?.store_code && store.locale ? [{ code: store.store_code, locale: store.locale }] : [])),
    defaultStoreCode: DEFAULT_STORE_CODE,
  };
  const intl = createIntl({ locale: input.lang, defaultLocale: 'en-CA', messages: input.messages, onError: () => {} });
  const notFound = () => notFoundPageHead(context, intl.formatMessage(pageTitles.notFound));
  const cmsPage = (identifier: string) => client.readQuery({ query: GET_CMS_PAGE, variables: { identifier } })?.cmsPage ?? null;

  switch (input.kind) {
    case 'home':
      return homePageHead(context, cmsPage('home'));
    case 'search': {
      const query = (new URLSearchParams(input.search).get('query') ?? '').trim();
      return searchPageHead(context, query, query ? intl.formatMessage(pageTitles.search, { query }) : intl.formatMessage(pageTitles.searchEmpty));
    }
    case 'resolver': {
      const outcome = input.route?.outcome;
      if (outcome?.kind !== 'page') return notFound();
      const page = outcome.page;
      if (page.type === 'PRODUCT') {
        const items = client.readQuery({ query: GET_PRODUCT_DETAIL, variables: { urlKey: page.urlKey } })?.products?.items ?? [];
        const product = items.find((item) => item?.url_key === page.urlKey);
        return product ? productPageHead(context, product) : notFound();
      }
      if (page.type === 'CATEGORY') {
        const category = client.readQuery({ query: GET_CATEGORY, variables: { uid: page.uid } })?.categories?.items?.[0];
        return category ? categoryPageHead(context, category) : notFound();
      }
      const cms = cmsPage(page.identifier);
      return cms ? cmsPageHead(context, cms) : notFound();
    }
    case 'none':
      return notFound();
  }
}
