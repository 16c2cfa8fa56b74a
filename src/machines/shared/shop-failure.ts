/**
 * The shop's own failures (ADRs 019 and 035): a service or machine that fails for a
 * reason of its own throws a {@link ShopFailure} naming it by code, with the values its words need;
 * the words a shopper reads, in every language and English too, live once, in the view's
 * `defineMessages` table keyed by these codes (src/ui/shared/shop-failure-words.ts). A refusal worded
 * by the server (Magento words it in the store view's language) is not one of these.
 *
 * In src/machines (the lowest layer) because machines throw some of them too and import only machines;
 * services import it from here.
 */
/** One of the shop's own failures: a typo is a type error. */
export type ShopFailureCode =
  | 'cartNotCreated'
  | 'cartIdMissing'
  | 'cartNotReady'
  | 'cartLineNotChanged'
  | 'cartChangedSinceReview'
  | 'lineNotInCart'
  | 'emailMissing'
  | 'passwordNotReset'
  | 'messageNotSent'
  | 'fixLinkInvalid'
  | 'signInForPrescriptions'
  | 'noWishlist'
  | 'faceTracking'
  | 'cameraMissing'
  | 'photoNotPicture'
  | 'photoTooLarge'
  | 'photoUnreadable'
  | 'snapshotFailed'
  | 'irisesNotMeasured'
  | 'cardEdgesTooClose'
  | 'pdImplausible'
  | 'soldOutAtAdd'
  | 'frameNotFound'
  | 'quantityNotAvailable'
  | 'cartStopped';

/** The values a failure's words need (the measured PD and its range); none for most. */
export type ShopFailureValues = Readonly<Record<string, string | number>>;

/** A failure named by code, wherever it travelled: the thrown error, or the text a machine kept of it. */
export interface ShopFailureLike {
  readonly code: ShopFailureCode;
  readonly values: ShopFailureValues;
}

/** `shop:` and the code, then its values as JSON when it has any: a ShopFailure's message, what logs and tests read and what machines keep. */
export const shopFailureMessage = (code: ShopFailureCode, values: ShopFailureValues = {}) =>
  Object.keys(values).length > 0 ? `shop:${code} ${JSON.stringify(values)}` : `shop:${code}`;

/**
 * The error a service or machine throws. Its `message` is {@link shopFailureMessage}: machines keep an
 * error's message as text (`errorMessageOf`, saved pages, toasts), and the view reads the code back from it
 * (`shopFailureOf`, src/ui/shared/shop-failure-words.ts). It holds no English: the words would bring their table into every chunk that
 * throws one (ADR 019 keeps it out of the shell).
 */
export class ShopFailure extends Error implements ShopFailureLike {
  constructor(
    readonly code: ShopFailureCode,
    readonly values: ShopFailureValues = {},
  ) {
    super(shopFailureMessage(code, values));
    this.name = 'ShopFailure';
  }
}
