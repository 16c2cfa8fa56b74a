export const TORONTO_ADDRESS: {
  firstname: string;
  lastname: string;
  street: string[];
  city: string;
  region: string;
  postcode: string;
  country_code: string;
  telephone: string;
};
export const SHOPPER_HEADERS: Record<string, string>;
export class AnswerLost extends Error {}
export interface FrameChoice {
  sku: string;
  variantSku: string;
  selected: string[];
}
export interface CheckoutOutcome {
  cartId: string;
  orderNumber: string | null;
  placed: boolean;
  lost: number;
}
export function frameChoice(base: string, sku: string): Promise<FrameChoice>;
export function guestCheckout(
  base: string,
  frames: FrameChoice[],
  options?: { email?: string; timings?: Record<string, number[]> | null },
): Promise<CheckoutOutcome>;
export function verifyOrders(
  query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>,
  checkouts: (CheckoutOutcome & { email?: string; variantSkus?: string[] })[],
  frameSkus: string[],
): Promise<{ orders: number; lost: number; doubled: number; wrong: string[] }>;
