/** What other features may use of price and stock alerts (.dependency-cruiser.cjs: no feature imports another's files). */
export { PriceAlertButton, StockAlertButton } from './stock-alert-button';
