import type { APIRequestContext } from '@playwright/test';
import { gql } from '../e2e/helpers/checkout-setup';

/** What the backend holds after a case, read as a client would (GraphQL), and the outbox's mails. */
export interface Counts {
  /** Lines of the cart the case is about (0 once it became an order). */
  lines: number;
  /** The sum of their quantities. */
  qty: number;
  /** Orders placed for the case's email. */
  orders: number;
  /** Order confirmation mails the backend sent to the case's email. */
  emails: number;
  /** What else the journey changes (a coupon, an address, a shipping method, an account), '-' when nothing. */
  state: string;
}

/** The lines of a cart: a guest cart by id, or the customer's cart with a token. An ordered cart has none. */
export async function cartLines(request: APIRequestContext, cart: { cartId?: string | null; token?: string }): Promise<Pick<Counts, 'lines' | 'qty'>> {
  const items = '{ items { uid quantity } }';
  try {
    const data = cart.token
      ? (await gql<{ customerCart: { items: { quantity: number }[] } }>(request, `{ customerCart ${items} }`, {}, cart.token)).customerCart
      : cart.cartId
        ? (await gql<{ cart: { items: { quantity: number }[] } }>(request, `query ($c: String!) { cart(cart_id: $c) ${items} }`, { c: cart.cartId })).cart
        : { items: [] };
    return { lines: data.items.length, qty: data.items.reduce((sum, item) => sum + item.quantity, 0) };
  } catch (error) {
    if (/isn't active|Could not find a cart/.test(String(error))) return { lines: 0, qty: 0 };
    throw error;
  }
}

/**
 * Orders are numbered in sequence and the suite runs on one worker: the orders a case placed are
 * the ones after the newest the suite knew of. `guestOrder` tells, for a number, whether it is an
 * order of this email and last name (a customer's order answers "Please login to view the order.").
 */
export class OrderLedger {
  constructor(private newest: number) {}

  /** Counts (and then knows of) the orders placed for `email` since the last count. */
  async placedFor(request: APIRequestContext, email: string, lastname = 'Lovelace'): Promise<number> {
    let found = 0;
    for (;;) {
      const number = String(this.newest + found + 1).padStart(9, '0');
      try {
        await gql(request, 'query ($i: GuestOrderInformationInput!) { guestOrder(input: $i) { number } }', { i: { number, email, lastname } });
      } catch (error) {
        if (!/Please login to view the order/.test(String(error))) break;
      }
      found += 1;
    }
    this.newest += found;
    return found;
  }
}

/** A guest order placed through the API: its number is the newest when the suite starts. */
export async function newestOrderNumber(request: APIRequestContext, cartId: string): Promise<number> {
  await gql(request, 'mutation ($c: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "checkmo" } }) { cart { id } } }', {
    c: cartId,
  });
  const { placeOrder } = await gql<{ placeOrder: { orderV2: { number: string } } }>(
    request,
    'mutation ($c: String!) { placeOrder(input: { cart_id: $c }) { orderV2 { number } } }',
    { c: cartId },
  );
  return Number(placeOrder.orderV2.number);
}

/** Order confirmation mails (backend/src/modules/checkout/place-order.ts) among a recipient's mails. */
export const orderMails = (mails: string[]) => mails.filter((line) => / order #\d+/.test(line)).length;
