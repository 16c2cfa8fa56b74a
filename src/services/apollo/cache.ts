/**
 * The client cache (spec §3 "Client cache identity", §4 "Other", §8, §9 "Persisted cache").
 * Browsing data lives here, cache-first, persisted per store view; what a machine decides with lives
 * in its context (ADR: data split).
 */
import {
  InMemoryCache,
  type ApolloClient,
  type DocumentNode,
  type NormalizedCacheObject,
  type OperationVariables,
  type TypePolicies,
  type TypedDocumentNode,
} from '@apollo/client';

/**
 * Magento's interfaces the shop queries, with the types implementing them (Magento Open Source
 * 2.4.9; checked against the schema by cache.test.ts). Fragments on an interface need this to match.
 */
export const POSSIBLE_TYPES: Record<string, string[]> = {
  ProductInterface: ['VirtualProduct', 'SimpleProduct', 'ConfigurableProduct', 'DownloadableProduct', 'BundleProduct', 'GroupedProduct'],
  PhysicalProductInterface: ['SimpleProduct', 'ConfigurableProduct', 'BundleProduct', 'GroupedProduct'],
  CustomizableProductInterface: ['VirtualProduct', 'SimpleProduct', 'ConfigurableProduct', 'DownloadableProduct', 'BundleProduct'],
  CartItemInterface: ['SimpleCartItem', 'VirtualCartItem', 'ConfigurableCartItem', 'DownloadableCartItem', 'BundleCartItem'],
  CategoryInterface: ['CategoryTree'],
  RoutableInterface: [
    'CmsPage',
    'CategoryTree',
    'VirtualProduct',
    'SimpleProduct',
    'RoutableUrl',
    'ConfigurableProduct',
    'DownloadableProduct',
    'BundleProduct',
    'GroupedProduct',
  ],
  CartAddressInterface: ['ShippingCartAddress', 'BillingCartAddress'],
  MediaGalleryInterface: ['ProductImage', 'ProductVideo'],
  WishlistItemInterface: [
    'SimpleWishlistItem',
    'VirtualWishlistItem',
    'ConfigurableWishlistItem',
    'DownloadableWishlistItem',
    'BundleWishlistItem',
    'GroupedProductWishlistItem',
  ],
  CustomizableOptionInterface: [
    'CustomizableAreaOption',
    'CustomizableDateOption',
    'CustomizableDropDownOption',
    'CustomizableMultipleOption',
    'CustomizableFieldOption',
    'CustomizableFileOption',
    'CustomizableRadioOption',
    'CustomizableCheckboxOption',
  ],
  SwatchDataInterface: ['ImageSwatchData', 'TextSwatchData', 'ColorSwatchData'],
  Error: ['CartUserInputError', 'InsufficientStockError'],
};

/** Lists and nested objects a newer answer replaces whole (no merge warnings, no stale lines). */
const replaceIncoming = { merge: (_existing: unknown, incoming: unknown) => incoming };

/** Spec §3 "Client cache identity". */
export const TYPE_POLICIES: TypePolicies = {
  // Singletons: one cart, one customer (the customer cart is a Cart, so the same singleton), one set of payment tokens.
  Cart: {
    keyFields: [],
    fields: {
      items: replaceIncoming,
      prices: { merge: true },
      applied_coupons: replaceIncoming,
      shipping_addresses: replaceIncoming,
      available_payment_methods: replaceIncoming,
      applied_gift_cards: replaceIncoming,
    },
  },
  Customer: { keyFields: [], fields: { addresses: replaceIncoming, wishlists: replaceIncoming } },
  CustomerPaymentTokens: { keyFields: [], fields: { items: replaceIncoming } },
  // Shipping methods by carrier_code + method_code, shipping addresses by street.
  AvailableShippingMethod: { keyFields: ['carrier_code', 'method_code'] },
  SelectedShippingMethod: { keyFields: ['carrier_code', 'method_code'] },
  ShippingCartAddress: { keyFields: ['street'], fields: { available_shipping_methods: replaceIncoming } },
  // Gift cards and payment methods by code.
  AppliedGiftCard: { keyFields: ['code'] },
  AvailablePaymentMethod: { keyFields: ['code'] },
  SelectedPaymentMethod: { keyFields: ['code'] },
  // Products, cart items and category tree nodes by uid (inherited by the implementing types).
  ProductInterface: { keyFields: ['uid'] },
  CartItemInterface: { keyFields: ['uid'] },
  // A cart line's chosen colour/size and custom options belong to that line: their `id` is the
  // attribute's or option's id, the same on every line, so normalising them by it made every line
  // show the last answered line's variant. They are kept inside their line.
  SelectedConfigurableOption: { keyFields: false },
  SelectedCustomizableOption: { keyFields: false },
  SelectedCustomizableOptionValue: { keyFields: false },
  CategoryTree: { keyFields: ['uid'], fields: { children: replaceIncoming, breadcrumbs: replaceIncoming } },
  StoreConfig: { keyFields: ['store_code'] },
  // Wishlists and their items by id, per type.
  Wishlist: { keyFields: ['id'], fields: { items_v2: replaceIncoming } },
  WishlistItemInterface: { keyFields: ['id'] },
  ProductImage: { keyFields: ['url'] },
  Breadcrumb: { keyFields: ['category_uid'] },
};

export function createShopCache(): InMemoryCache {
  return new InMemoryCache({ possibleTypes: POSSIBLE_TYPES, typePolicies: TYPE_POLICIES });
}

/** Spec §8 "Cache read with missing data returns null" (also for a document the cache cannot read). */
export function readQueryOrNull<TData, TVariables extends OperationVariables = OperationVariables>(
  cache: Pick<InMemoryCache, 'readQuery'>,
  query: TypedDocumentNode<TData, TVariables> | DocumentNode,
  variables?: TVariables,
): TData | null {
  try {
    return (cache.readQuery<TData, TVariables>({ query, ...(variables ? { variables } : {}) }) as TData | null) ?? null;
  } catch {
    return null;
  }
}

/** Something that can write the cache to storage now (the persistence below, or nothing). */
export interface CacheWriter {
  persist(): Promise<void>;
}

type Client = Pick<ApolloClient<NormalizedCacheObject>, 'cache'>;

async function persistSafely(persistence: CacheWriter | null) {
  // A failed write is logged by the persistence; the page goes on with the in-memory cache.
  await persistence?.persist().catch(() => undefined);
}

/** Spec §4 "The cart cache can be wiped": cart and customer-cart data removed, then persisted. */
export async function clearCartDataFromCache(client: Client, persistence: CacheWriter | null): Promise<void> {
  const { cache } = client;
  cache.evict({ id: cache.identify({ __typename: 'Cart' }) });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'cart' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'customerCart' });
  cache.gc();
  await persistSafely(persistence);
}

/**
 * Spec §4: after sign-in or sign-out the customer record, the customer field, the customer's
 * wishlist products and dynamic blocks are evicted, and the persisted cache rewritten.
 */
export async function clearCustomerDataFromCache(client: Client, persistence: CacheWriter | null): Promise<void> {
  const { cache } = client;
  cache.evict({ id: cache.identify({ __typename: 'Customer' }) });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'customer' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'customerWishlistProducts' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'dynamicBlocks' });
  cache.gc();
  await persistSafely(persistence);
}
