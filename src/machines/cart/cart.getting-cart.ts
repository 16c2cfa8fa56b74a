/**
 * cart — getting a cart to use (spec §4 "Cart lifecycle", §6, §8): starting, creating the cart,
 * asking about a payment left unpaid (ADR 042), reading the details (plain, adopted, after sign-in),
 * and the states without a usable cart.
 */
import { requireGivenBack, requirePendingPayment } from './cart.context';
import { cartSetup } from './cart.setup';
import { failQueuedAddWhenQueued, fetchingDetails, queueAddOf } from './cart.transitions';

export const gettingCartStates = {
  starting: cartSetup.createStateConfig({
    always: [
      { guard: 'isOnServer', target: 'noCart' },
      { guard: 'hasPendingPayment', target: 'restoringPendingPayment' },
      { guard: 'hasCartId', target: 'loadingDetails' },
      { guard: 'createsOnStart', target: 'awaitingStart' },
      { target: 'creatingCart' },
    ],
  }),
  /**
   * A visitor with no cart yet; it is created once the page is ready (`cart.start`), or at
   * once when something asks for it. Tagged as the creation is: views and callers wait the same way.
   */
  awaitingStart: cartSetup.createStateConfig({
    tags: ['loading', 'gettingCart'],
    on: {
      'cart.start': 'creatingCart',
      'cart.getCart': 'creatingCart',
      'cart.getDetails': { target: 'creatingCart', actions: 'takeDetailsRequest' },
      // "Add to cart" before the page is ready creates the cart at once, then adds (`ready`).
      'cart.addItem': { target: 'creatingCart', actions: queueAddOf },
    },
  }),
  creatingCart: cartSetup.createStateConfig({
    tags: ['loading', 'gettingCart'],
    // A `cart.start` meanwhile is not handled here: one cart is created.
    on: { 'cart.addItem': { actions: queueAddOf } },
    invoke: {
      src: 'createCart',
      onDone: {
        target: 'loadingDetails',
        actions: [
          { type: 'storeCartId', params: ({ event }) => ({ cartId: event.output }) },
          { type: 'saveCartId', params: ({ event }) => ({ cartId: event.output }) },
        ],
      },
      onError: { target: 'noCart', actions: 'failCreateCart' },
    },
  }),
  /**
   * ADR 042: this browser went to pay an order on the provider's page and has not heard how it
   * ended. The backend gives the cart back when the shopper came back unpaid (Back, in the tab that
   * went) or the order outlived its pending-payment lifetime: it becomes the current cart and the
   * shopper is told which order was cancelled. An order still waiting (another tab may be paying
   * it) is left alone and asked about again next time; nothing waiting (paid, cancelled) is
   * forgotten. The backend unreachable: the cart starts as it would have, and asks next time.
   */
  restoringPendingPayment: cartSetup.createStateConfig({
    tags: ['loading'],
    on: { 'cart.addItem': { actions: queueAddOf } },
    invoke: {
      src: 'restorePendingPayment',
      input: ({ context }) => {
        const { cartId, cameBack } = requirePendingPayment(context);
        return { cartId, cameBack };
      },
      onDone: [
        {
          guard: { type: 'cartGivenBack', params: ({ event }) => ({ answer: event.output }) },
          target: 'loadingDetails',
          actions: [
            { type: 'storeCartId', params: ({ event }) => ({ cartId: requireGivenBack(event.output).cartId }) },
            { type: 'saveCartId', params: ({ event }) => ({ cartId: requireGivenBack(event.output).cartId }) },
            { type: 'toastPaymentLeft', params: ({ event }) => ({ orderNumber: requireGivenBack(event.output).orderNumber }) },
            'clearPendingPayment',
            'dropPendingPayment',
          ],
        },
        { guard: { type: 'paymentStillWaits', params: ({ event }) => ({ answer: event.output }) }, target: 'starting', actions: 'dropPendingPayment' },
        { target: 'starting', actions: ['clearPendingPayment', 'dropPendingPayment'] },
      ],
      onError: { target: 'starting', actions: 'dropPendingPayment' },
    },
  }),
  /** No usable cart: creation failed or the cart was reset. */
  noCart: cartSetup.createStateConfig({
    entry: 'answerAtRest',
    always: failQueuedAddWhenQueued,
    on: { 'cart.getCart': 'creatingCart', 'cart.addItem': { target: 'creatingCart', actions: queueAddOf } },
  }),
  loadingDetails: cartSetup.createStateConfig({ tags: ['loading'], on: { 'cart.addItem': { actions: queueAddOf } }, ...fetchingDetails() }),
  /** `cart.adopt`: the adopted cart's details. */
  adopting: cartSetup.createStateConfig({ tags: ['loading'], ...fetchingDetails() }),
  /**
   * Spec §4/§7: after sign-in (and the merge of the guest cart) the customer's cart is read with
   * GetCartDetailsAfterSignIn, network only; it replaces the plain details fetch, not adds to it.
   */
  loadingDetailsAfterSignIn: cartSetup.createStateConfig({ tags: ['loading'], ...fetchingDetails('first', { afterSignIn: true }) }),
  detailsFailed: cartSetup.createStateConfig({
    entry: 'answerAtRest',
    always: failQueuedAddWhenQueued,
    on: {
      'cart.addItem': [
        { guard: 'hasCartId', target: 'loadingDetails', actions: queueAddOf },
        { target: 'creatingCart', actions: queueAddOf },
      ],
      'cart.getDetails': [
        { guard: 'hasCartId', target: 'loadingDetails', actions: 'takeDetailsRequest' },
        { target: 'creatingCart', actions: 'takeDetailsRequest' },
      ],
      'cart.getCart': [{ guard: 'hasCartId', target: 'loadingDetails' }, { target: 'creatingCart' }],
      // Spec §4: the failed read cleared the cart; the connection's return reads it again, so a
      // page that lost it offline (the review after an order the network refused) shows it once more.
      'cart.online': { guard: 'hasCartId', target: 'loadingDetails' },
    },
  }),
};
