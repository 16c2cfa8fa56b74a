/** What other features may use of the shopper's account (.dependency-cruiser.cjs: no feature imports another's files). */
export { AccountLayout } from './account-layout';
export { AccountMenu } from './account-menu';
export { GET_RECEIPT_CUSTOMER_ORDERS, GET_RECEIPT_GUEST_ORDER, type ReceiptOrderDetail } from './account.operations';
export { OrderItemList, orderItemsOf, OrderTotalList, PrescriptionNextStep, ReceiptOrderSummaryView } from './order-lines';
export { checkInstructionsOf, PaymentInstructions } from './payment-instructions';
