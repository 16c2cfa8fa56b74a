import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { GraphQLError } from 'graphql';
import type { Transaction } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { inputError } from '../../graphql/errors';
import type { RouteDeps } from '../../module';
import { isValidEmail, normalizeEmail } from '../../shared/input-rules';
import type { ModuleDeps } from '../../shared/module-deps';
import { holdsNul, NUL_REFUSED } from '../../shared/nul-characters';
import { headersOf } from '../../shared/request-headers';
import { computeCartTotals } from '../cart/cart-totals';
import { activeCustomerCart, cartForUser, cartItems, type CartRow, updateCart } from '../cart/cart.queries';
import { type AddressFields, type StoredAddress, validateAddress } from '../customer/addresses';
import { customerIdOfToken } from '../customer/customer-auth';
import { saveBillingAddress, savePaymentMethod, saveShippingAddress, saveShippingMethod } from './checkout-steps';
import { PlaceOrderFailure, placeOrderFromCart } from './place-order';
import { totalsBody } from './rest-checkout.views';
import { translateMessage } from '../../shared/messages/messages';

/**
 * Magento's REST checkout routes (webapi.xml of Magento_Checkout), bodies and answers as in
 * magento/REST.md: guest routes take the masked cart id, `mine` routes the customer's active cart.
 */
interface RestAddress {
  firstname?: string;
  lastname?: string;
  company?: string;
  street?: string[];
  city?: string;
  region?: string | null;
  region_id?: number | null;
  region_code?: string | null;
  postcode?: string;
  country_id?: string;
  telephone?: string;
  email?: string;
}

const STRING_FIELDS = ['firstname', 'lastname', 'company', 'city', 'region', 'region_code', 'postcode', 'country_id', 'telephone', 'email'] as const;

/** Magento's refusal of a body field of the wrong type (its ServiceInputProcessor's words); the value is not written back. */
const wrongType = (field: string, type: string) =>
  new RestError(400, `The "${field}" value's type is invalid. The "${type}" type was expected. Verify and try again.`);

/** A body's value as the type its field takes, else Magento's 400 (ADR 037: malformed input is never a 500). */
function typed<T>(value: unknown, field: string, type: 'string' | 'object'): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (type === 'object' ? typeof value !== 'object' || Array.isArray(value) : typeof value !== type) throw wrongType(field, type);
  return value as T;
}

/** A REST address checked field by field: strings, `street` a list of strings, `region_id` a whole number. */
function restAddressOf(value: unknown, field: string): RestAddress | undefined {
  const address = typed<Record<string, unknown>>(value, field, 'object');
  if (!address) return undefined;
  for (const name of STRING_FIELDS) typed(address[name], name, 'string');
  const street = address.street;
  if (street !== undefined && street !== null && (!Array.isArray(street) || street.some((line) => typeof line !== 'string')))
    throw wrongType('street', 'string[]');
  const regionId = address.region_id;
  if (regionId !== undefined && regionId !== null && !Number.isSafeInteger(regionId)) throw wrongType('region_id', 'int');
  return address as RestAddress;
}

const restFields = (a: RestAddress): AddressFields => ({ ...a, country_code: a.country_id ?? null, region_id: a.region_id || null });

class RestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly parameters: unknown = [],
  ) {
    super(message);
  }
}

const required = (field: string) => new RestError(400, `"${field}" is required. Enter and try again.`);
const STATUS_BY_CATEGORY: Record<string, number> = {
  'graphql-input': 400,
  'graphql-no-such-entity': 404,
  'graphql-authorization': 401,
  'graphql-authentication': 401,
  'graphql-already-exists': 400,
};

/** Magento's REST error body, its message in the store view's language where the backend's catalogue has it. */
function sendError(res: Response, error: unknown, isDevelopment: boolean, locale: string | null): void {
  let status = 500;
  let message = 'Internal Error. Details are available in the server log.';
  let parameters: unknown = [];
  if (error instanceof RestError) [status, message, parameters] = [error.status, error.message, error.parameters];
  // ADR 039: a cart changed since its review names its reason for the storefront (the message is in the store view's language).
  else if (error instanceof PlaceOrderFailure)
    [status, message, parameters] = [400, error.message, error.code === 'LUNETTE_CART_CHANGED' ? { reason: error.code } : []];
  else if (error instanceof GraphQLError) [status, message] = [STATUS_BY_CATEGORY[String(error.extensions.category)] ?? 400, error.message];
  else console.error(error);
  if (locale) message = translateMessage(locale, message);
  res.status(status).json({ message, parameters, ...(isDevelopment && error instanceof Error ? { trace: error.stack } : {}) });
}

async function paymentDetails(q: Transaction, cart: CartRow, now: Date) {
  const rows = await cartItems(q, cart.id);
  const totals = await computeCartTotals(q, cart, rows, now);
  const base = await computeCartTotals(q, cart, rows, now, 1);
  return { payment_methods: totals.paymentMethods.map((m) => ({ code: m.code, title: m.title })), totals: totalsBody(totals, base, cart) };
}

type CartLocator = (q: Transaction, ctx: RequestContext, req: Request) => Promise<CartRow>;

export function commerceRestRoutes(router: Router, routeDeps: RouteDeps, deps: ModuleDeps): void {
  const now = () => deps.clock.now();
  const guestCart: CartLocator = (q, ctx, req) =>
    cartForUser(q, String(req.params.cartId), null, ctx.store.code).catch((error: unknown) => {
      // Magento's REST wording for an unknown masked id.
      if (error instanceof GraphQLError && error.message.startsWith('Could not find a cart')) {
        throw new RestError(404, `No such entity with cartId = ${String(req.params.cartId)}`, { fieldName: 'cartId', fieldValue: req.params.cartId });
      }
      throw error;
    });
  const customerIds = new WeakMap<Request, number>();
  const mineCart: CartLocator = (q, ctx, req) => activeCustomerCart(q, customerIds.get(req)!, ctx.store.code, now());

  const route =
    (locate: CartLocator, work: (q: Transaction, cart: CartRow, req: Request, ctx: RequestContext) => Promise<unknown>) =>
    async (req: Request, res: Response) => {
      let locale: string | null = null;
      try {
        const ctx = await routeDeps.contextFor(headersOf(req), `${req.protocol}://${req.host}`, req.params.storeCode as string | undefined);
        locale = ctx.store.locale;
        if (locate === mineCart) {
          const customerId = ctx.bearerToken ? await customerIdOfToken(ctx.db, ctx.bearerToken, now()) : null;
          if (customerId === null) throw new RestError(401, "The consumer isn't authorized to access %resources.", { resources: 'self' });
          customerIds.set(req, customerId);
        }
        const answer = await ctx.db.transaction(async (tx) => work(tx, await locate(tx, ctx, req), req, ctx));
        res.json(answer);
      } catch (error) {
        sendError(res, error, routeDeps.config.isDevelopment, locale);
      }
    };

  const saveShippingInformation = async (q: Transaction, cart: CartRow, req: Request) => {
    const raw = typed<Record<string, unknown>>(typed<Record<string, unknown>>(req.body, 'body', 'object')?.addressInformation, 'addressInformation', 'object');
    if (!raw) throw required('addressInformation');
    const info = {
      shipping_address: restAddressOf(raw.shipping_address, 'shipping_address'),
      billing_address: restAddressOf(raw.billing_address, 'billing_address'),
      shipping_carrier_code: typed<string>(raw.shipping_carrier_code, 'shipping_carrier_code', 'string'),
      shipping_method_code: typed<string>(raw.shipping_method_code, 'shipping_method_code', 'string'),
    };
    if (!info.shipping_address) throw inputError('The shipping address is missing. Set the address and try again.');
    if (!info.shipping_carrier_code || !info.shipping_method_code)
      throw inputError('The shipping method is missing. Select the shipping method and try again.');
    const shipping = validateAddress(restFields(info.shipping_address), 'cart');
    let current = await saveShippingAddress(q, cart, shipping, now());
    if (cart.customer_id === null && info.shipping_address.email && !current.email) {
      if (!isValidEmail(normalizeEmail(info.shipping_address.email))) throw inputError('Invalid email format');
      current = await updateCart(q, cart.id, { email: normalizeEmail(info.shipping_address.email) }, now());
    }
    if (info.billing_address) current = await saveBillingAddress(q, current, validateAddress(restFields(info.billing_address), 'cart'), now());
    else if (!current.billing_address) current = await saveBillingAddress(q, current, 'same_as_shipping', now());
    current = await saveShippingMethod(q, current, info.shipping_carrier_code, info.shipping_method_code, now());
    return paymentDetails(q, current, now());
  };

  /** Saves email, billing address and payment method of a payment-information body. */
  const savePaymentInformation = async (q: Transaction, cart: CartRow, req: Request): Promise<CartRow> => {
    const raw = typed<Record<string, unknown>>(req.body, 'body', 'object') ?? {};
    const method = typed<Record<string, unknown>>(raw.paymentMethod, 'paymentMethod', 'object');
    const body = {
      email: typed<string>(raw.email, 'email', 'string'),
      paymentMethod: method && { method: typed<string>(method.method, 'method', 'string'), po_number: typed<string>(method.po_number, 'po_number', 'string') },
      billingAddress: restAddressOf(raw.billingAddress, 'billingAddress'),
    };
    let current = cart;
    if (cart.customer_id === null) {
      if (!body.email?.trim()) throw required('email');
      if (!isValidEmail(normalizeEmail(body.email))) throw inputError('The email address is invalid. Verify the email address and try again.');
      current = await updateCart(q, cart.id, { email: normalizeEmail(body.email) }, now());
    }
    if (!body.paymentMethod) throw required('paymentMethod');
    if (!body.paymentMethod.method) throw inputError('The requested Payment Method is not available.');
    if (body.billingAddress) {
      const billing: StoredAddress = validateAddress(restFields(body.billingAddress), 'cart');
      current = await saveBillingAddress(q, current, billing, now());
    }
    return savePaymentMethod(q, current, body.paymentMethod.method, body.paymentMethod.po_number ?? null, now());
  };

  const placeOrder = async (q: Transaction, cart: CartRow, req: Request, ctx: RequestContext) => {
    // ADR 039: the review's digest travels as the payment's extension attribute (Magento's PaymentInterface).
    const digest = (req.body as { paymentMethod?: { extension_attributes?: { lunette_review_digest?: unknown } } }).paymentMethod?.extension_attributes
      ?.lunette_review_digest;
    const order = await placeOrderFromCart(q, await savePaymentInformation(q, cart, req), deps, ctx.origin, typeof digest === 'string' ? digest : null);
    // Magento answers the order's entity id, serialised as a JSON string.
    return String(order.id);
  };

  const parseJson = express.json({ limit: '100kb' });
  // Magento's REST takes JSON bodies: another media type is refused in its words, never read as an empty body (ADR 037).
  const json: RequestHandler = (req, res, next) => {
    if (req.is('application/json')) {
      return parseJson(req, res, (error?: unknown) => {
        // Magento's JSON deserializer outside developer mode: "Decoding error." (the parser's own message quotes the body back).
        if ((error as { type?: string } | undefined)?.type === 'entity.parse.failed') return sendError(res, new RestError(400, 'Decoding error.'), false, null);
        if (error || !holdsNul(req.body)) return next(error);
        sendError(res, new RestError(400, NUL_REFUSED), false, null);
      });
    }
    const type = (req.get('content-type') ?? '').split(';')[0]!.trim();
    sendError(
      res,
      new RestError(400, `Server cannot understand Content-Type HTTP header media type ${/^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : 'unknown'}`),
      false,
      null,
    );
  };
  for (const prefix of ['/rest/V1', '/rest/:storeCode/V1']) {
    for (const [path, locate] of [
      [`${prefix}/guest-carts/:cartId`, guestCart],
      [`${prefix}/carts/mine`, mineCart],
    ] as const) {
      router.post(`${path}/shipping-information`, json, route(locate, saveShippingInformation));
      router.post(`${path}/payment-information`, json, route(locate, placeOrder));
      router.get(
        `${path}/payment-information`,
        route(locate, (q, cart) => paymentDetails(q, cart, now())),
      );
      router.post(
        `${path}/set-payment-information`,
        json,
        route(locate, async (q, cart, req) => {
          await savePaymentInformation(q, cart, req);
          return true;
        }),
      );
    }
  }
}
