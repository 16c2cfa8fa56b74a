/** What other features may use of the cart (.dependency-cruiser.cjs: no feature imports another's files). */
export { CartItemsSummary } from './cart-items-summary';
export { CartShimmer, EmptyCart } from './cart-page';
export { CartTrigger } from './cart-trigger';
export { LensOptionList } from './lens-option-value';
export { PriceSummary } from './price-summary';
export { useCartPricesIncludeTax } from './use-cart-lines';
