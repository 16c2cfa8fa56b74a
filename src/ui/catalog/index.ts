/** What other features may use of category listings (.dependency-cruiser.cjs: no feature imports another's files). */
export { Breadcrumbs } from './breadcrumbs';
export { menuCategories } from './category-order';
export { ancestorCrumbs } from './category-page.operations';
export { CategoryShimmer } from './category-shimmer';
export { SEARCH_FILTER_CODES } from './listing-preload';
export { ProductListing } from './product-listing';
export { type Money } from './product-listing.operations';
