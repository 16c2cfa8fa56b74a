/**
 * What the link pages' URLs give their link machines (spec §2 link routes), in the words of the
 * backend's inputs (backend/schema/extension.graphql). The services read the links into these
 * (`src/services/alerts/alert-links.ts`, `src/services/abandoned-cart/abandoned-cart-link.ts`); the
 * page host's typed page machines (`../app/page-machines.ts`) take them as their args.
 */
export type AlertType = 'STOCK' | 'PRICE';

export interface AlertSubscribeRequest {
  /** The product (a simple frame or the chosen variant) to watch. */
  sku: string;
  /** The configurable frame the variant belongs to, whose page the confirmation links back to. */
  parentSku: string | null;
}

/** The extension's LunetteProductAlertUnsubscribeInput. */
export interface AlertUnsubscribeInput {
  id?: number;
  product_id?: number;
  type?: AlertType;
  hash?: string;
}

/** The extension's LunetteRestoreAbandonedCartInput. */
export interface AbandonedCartLink {
  cart_id: string;
  token: string;
}
