import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProductBySku } from '../src/modules/catalog/catalog-lookup';
import { CHECKMO_MAILING_ADDRESS, CHECKMO_PAYABLE_TO } from '../src/modules/cart/payment-methods';
import {
  addAurora,
  addAuroraWithPrescription,
  bearer,
  firstError,
  frameChoice,
  guestCart,
  jsonPost,
  newCustomer,
  PLAIN_LENSES,
  PLACE_ORDER,
  readyForOrder,
  startCommerceBackend,
  TORONTO,
  US_ADDRESS,
  type CommerceTestBackend,
} from './commerce-test-kit';
import { LAB_WORKING_DAYS } from '../src/modules/store/shipping-settings';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const SHIPPING = `mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) {
  cart { shipping_addresses { street city region { code label region_id } country { code label } available_shipping_methods {
    carrier_code method_code carrier_title method_title available amount { value currency } price_excl_tax { value } price_incl_tax { value }
    lunette_delivery_days { min max } } } } } }`;
const METHOD = `mutation ($c: String!, $carrier: String!, $method: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: $carrier, method_code: $method }] }) {
  cart { shipping_addresses { selected_shipping_method { carrier_code method_code carrier_title method_title amount { value currency } } } prices { grand_total { value } applied_taxes { label amount { value } } } } } }`;
const PAYMENT =
  'mutation ($c: String!, $p: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: $p } }) { cart { selected_payment_method { code title } } } }';
const METHODS =
  'query ($c: String!) { cart(cart_id: $c) { shipping_addresses { available_shipping_methods { carrier_code available error_message amount { value } } } } }';
const EMAIL = 'mutation ($c: String!, $e: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: $e }) { cart { email } } }';

type Methods = {
  setShippingAddressesOnCart: {
    cart: {
      shipping_addresses: {
        region: unknown;
        country: unknown;
        available_shipping_methods: { carrier_code: string; available: boolean; amount: { value: number; currency: string } }[];
      }[];
    };
  };
};

/** A ca guest cart with one LN1002 (crystal, M, plain lenses): under the view's free-shipping subtotal. */
async function cartUnderTheSubtotal(): Promise<string> {
  const cartId = await guestCart(api);
  const { lenses } = await frameChoice(api, 'LN1002', PLAIN_LENSES);
  await api.gql(
    'mutation ($c: String!, $l: [ID]) { addProductsToCart(cartId: $c, cartItems: [{ sku: "LN1002-CRY-M", quantity: 1, selected_options: $l }]) { user_errors { message } } }',
    { c: cartId, l: lenses },
  );
  return cartId;
}

describe('spec §2 Checkout flow: shipping address → shipping method → billing + payment → order', () => {
  it('a guest checks out and gets an order number; the cart closes and the stock goes down', async () => {
    const stockBefore = (await findProductBySku(api.backend.db, 'LN1001-BLK-M'))!.qty;
    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    expect(firstError(await api.gql(EMAIL, { c: cartId, e: 'not-an-email' }))).toBe('Invalid email format');
    expect((await api.gql(EMAIL, { c: cartId, e: 'Guest@Example.com' })).data!.setGuestEmailOnCart).toEqual({ cart: { email: 'guest@example.com' } });

    const shipping = await api.gql<Methods>(SHIPPING, { c: cartId, a: TORONTO });
    const address = shipping.data!.setShippingAddressesOnCart.cart.shipping_addresses[0]!;
    expect(address.region).toEqual({ code: 'ON', label: 'Ontario', region_id: 74 });
    // Magento answers a cart address's country id as its label (ExtractQuoteAddressData).
    expect(address.country).toEqual({ code: 'CA', label: 'CA' });
    // ADR 040: 129 USD frame = 176.73 CAD, over the ca view's free-shipping subtotal (137.00 CAD): the one
    // standard parcel costs nothing and no second, free carrier is listed.
    expect(address.available_shipping_methods.map((m) => [m.carrier_code, m.available, m.amount])).toEqual([
      ['flatrate', true, { value: 0, currency: 'CAD' }],
      ['lunetteexpress', true, { value: 34.18, currency: 'CAD' }],
    ]);
    // shopper wording and a delivery estimate per method (the module's lunette_delivery_days); no prescription, no lab days.
    expect(
      (address.available_shipping_methods as unknown as { carrier_title: string; method_title: string; lunette_delivery_days: unknown }[]).map((m) => [
        m.carrier_title,
        m.method_title,
        m.lunette_delivery_days,
      ]),
    ).toEqual([
      ['Standard shipping', 'Tracked parcel', { min: 5, max: 7 }],
      ['Express shipping', 'Priority courier', { min: 1, max: 2 }],
    ]);
    expect(firstError(await api.gql(METHOD, { c: cartId, carrier: 'freeshipping', method: 'freeshipping' }))).toBe(
      'Carrier with such method not found: freeshipping, freeshipping',
    );

    expect(firstError(await api.gql(METHOD, { c: cartId, carrier: 'ups', method: 'ground' }))).toBe('Carrier with such method not found: ups, ground');
    const method = await api.gql<{
      setShippingMethodsOnCart: {
        cart: { shipping_addresses: { selected_shipping_method: unknown }[]; prices: { grand_total: { value: number }; applied_taxes: unknown[] } };
      };
    }>(METHOD, { c: cartId, carrier: 'flatrate', method: 'flatrate' });
    const cart = method.data!.setShippingMethodsOnCart.cart;
    expect(cart.shipping_addresses[0]!.selected_shipping_method).toEqual({
      carrier_code: 'flatrate',
      method_code: 'flatrate',
      carrier_title: 'Standard shipping',
      method_title: 'Tracked parcel',
      amount: { value: 0, currency: 'CAD' },
    });
    // Ontario HST 13 % of 176.73 = 22.97; 176.73 + 0 (free standard parcel) + 22.97.
    expect(cart.prices.applied_taxes).toEqual([{ label: 'HST', amount: { value: 22.97 } }]);
    expect(cart.prices.grand_total.value).toBe(199.7);

    const billing = await api.gql(
      'mutation ($c: String!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { same_as_shipping: true } }) { cart { billing_address { city } shipping_addresses { same_as_billing } available_payment_methods { code title } } } }',
      { c: cartId },
    );
    expect(billing.data!.setBillingAddressOnCart).toEqual({
      cart: {
        billing_address: { city: 'Toronto' },
        shipping_addresses: [{ same_as_billing: true }],
        available_payment_methods: [
          { code: 'checkmo', title: 'Check / Money order' },
          { code: 'lunettepay_card', title: 'Credit or debit card (LunettePay)' },
          { code: 'lunettepay_wallet', title: 'LunettePay wallet' },
        ],
      },
    });
    expect(firstError(await api.gql(PAYMENT, { c: cartId, p: 'free' }))).toBe('The requested Payment Method is not available.');
    expect((await api.gql(PAYMENT, { c: cartId, p: 'checkmo' })).data!.setPaymentMethodOnCart).toEqual({
      cart: { selected_payment_method: { code: 'checkmo', title: 'Check / Money order' } },
    });

    const placed = await api.gql<{
      placeOrder: {
        order: { order_number: string };
        orderV2: {
          number: string;
          status: string;
          payment_methods: { type: string; additional_data: { name: string; value: string }[] }[];
          total: { grand_total: { value: number; currency: string } };
        };
        errors: unknown[];
      };
    }>(PLACE_ORDER, { c: cartId });
    const { order, orderV2, errors } = placed.data!.placeOrder;
    expect(errors).toEqual([]);
    expect(orderV2.number).toMatch(/^\d{9}$/);
    expect(order.order_number).toBe(orderV2.number);
    expect(orderV2).toMatchObject({ status: 'Pending', total: { grand_total: { value: 199.7, currency: 'CAD' } } });
    // a check / money order carries whom to pay and where to send it (Magento copies payable_to and mailing_address onto the payment).
    expect(orderV2.payment_methods).toEqual([
      {
        type: 'checkmo',
        additional_data: [
          { name: 'payable_to', value: CHECKMO_PAYABLE_TO },
          { name: 'mailing_address', value: CHECKMO_MAILING_ADDRESS },
        ],
      },
    ]);
    expect((await findProductBySku(api.backend.db, 'LN1001-BLK-M'))!.qty).toBe(stockBefore - 1);
    expect(firstError(await api.gqlGet('query ($c: String!) { cart(cart_id: $c) { id } }', { c: cartId }))).toBe("The cart isn't active.");
  });

  it("validates each step with Magento's messages", async () => {
    const cartId = await guestCart(api);
    expect(firstError(await api.gql(METHOD, { c: cartId, carrier: 'flatrate', method: 'flatrate' }))).toBe(
      "The shipping method can't be set for an empty cart. Add an item to cart and try again.",
    );
    await addAurora(api, cartId);
    expect(firstError(await api.gql(METHOD, { c: cartId, carrier: 'flatrate', method: 'flatrate' }))).toBe(
      'The shipping address is missing. Set the address and try again.',
    );
    expect(firstError(await api.gql(SHIPPING, { c: cartId, a: { ...TORONTO, city: ' ' } }))).toBe('"city" is required. Enter and try again.');
    expect(firstError(await api.gql(SHIPPING, { c: cartId, a: { ...TORONTO, region: 'XX' } }))).toBe('Invalid value of "XX" provided for the regionId field.');
    expect(firstError(await api.gql(SHIPPING, { c: cartId, a: { ...TORONTO, country_code: 'ZZ' } }))).toBe(
      'Invalid value of "ZZ" provided for the countryId field.',
    );
    expect(
      firstError(
        await api.gql('mutation ($c: String!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [] }) { cart { id } } }', { c: cartId }),
      ),
    ).toBe('Required parameter "shipping_addresses" is missing');
    expect(
      firstError(
        await api.gql(
          'mutation ($c: String!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { same_as_shipping: true } }) { cart { id } } }',
          { c: cartId },
        ),
      ),
    ).toBe('Could not use the "same_as_shipping" option, because the shipping address has not been set.');
    expect(
      firstError(
        await api.gql('mutation ($c: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "" } }) { cart { id } } }', { c: cartId }),
      ),
    ).toBe('Required parameter "code" for "payment_method" is missing.');
    const { token } = await newCustomer(api);
    expect(firstError(await api.gql(EMAIL, { c: cartId, e: 'a@example.com' }, bearer(token)))).toBe('The request is not allowed for logged in customers');
  });

  it('taxes follow the destination: Québec GST + QST, France VAT in the fr store view (EUR)', async () => {
    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    await api.gql(SHIPPING, { c: cartId, a: { ...TORONTO, city: 'Montréal', region: 'QC', postcode: 'H2X 1Y4' } });
    const qc = await api.gql<{ setShippingMethodsOnCart: { cart: { prices: { applied_taxes: unknown[] } } } }>(METHOD, {
      c: cartId,
      carrier: 'flatrate',
      method: 'flatrate',
    });
    expect(qc.data!.setShippingMethodsOnCart.cart.prices.applied_taxes).toEqual([
      { label: 'GST', amount: { value: 8.84 } },
      { label: 'QST', amount: { value: 17.63 } },
    ]);

    const fr = await guestCart(api, { Store: 'fr' });
    await addAurora(api, fr, 1, { Store: 'fr' });
    await api.gql(
      SHIPPING,
      {
        c: fr,
        a: { firstname: 'A', lastname: 'B', street: ['8 Rue de Rivoli'], city: 'Paris', postcode: '75004', country_code: 'FR', telephone: '0140000000' },
      },
      { Store: 'fr' },
    );
    const res = await api.gql<{ setShippingMethodsOnCart: { cart: { prices: { grand_total: { value: number }; applied_taxes: unknown[] } } } }>(
      METHOD,
      { c: fr, carrier: 'flatrate', method: 'flatrate' },
      { Store: 'fr' },
    );
    // 129 USD = 118.68 EUR; VAT 20 % = 23.74 (named in the view's language); over the fr view's 92.00 EUR the flat rate is free.
    expect(res.data!.setShippingMethodsOnCart.cart.prices).toEqual({
      grand_total: { value: 142.42 },
      applied_taxes: [{ label: 'TVA', amount: { value: 23.74 } }],
    });
  });

  it("ADR 040: one standard parcel, free from the view's free-shipping subtotal (137.00 CAD in ca) or with the FREESHIP coupon", async () => {
    const cartId = await cartUnderTheSubtotal();
    const listed = async () =>
      (await api.gqlGet<{ cart: { shipping_addresses: { available_shipping_methods: unknown[] }[] } }>(METHODS, { c: cartId })).data!.cart
        .shipping_addresses[0]!.available_shipping_methods;
    await api.gql(SHIPPING, { c: cartId, a: TORONTO });
    // Under the subtotal: the flat rate is paid; the free-shipping carrier is listed unavailable (Magento's
    // "Show Method if Not Applicable"), its message naming the subtotal as the view writes money.
    expect(await listed()).toEqual([
      { carrier_code: 'flatrate', available: true, error_message: '', amount: { value: 13.63 } },
      { carrier_code: 'freeshipping', available: false, error_message: 'Free shipping applies to orders of $137.00 or more.', amount: { value: 0 } },
      { carrier_code: 'lunetteexpress', available: true, error_message: '', amount: { value: 34.18 } },
    ]);
    const forged = { c: cartId, carrier: 'freeshipping', method: 'freeshipping' };
    expect(firstError(await api.gql(METHOD, forged))).toBe('Carrier with such method not found: freeshipping, freeshipping');

    await api.gql('mutation ($c: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: "FREESHIP" }) { cart { id } } }', { c: cartId });
    expect(await listed()).toEqual([
      { carrier_code: 'flatrate', available: true, error_message: '', amount: { value: 0 } },
      { carrier_code: 'lunetteexpress', available: true, error_message: '', amount: { value: 34.18 } },
    ]);
    expect(firstError(await api.gql(METHOD, forged))).toBe('Carrier with such method not found: freeshipping, freeshipping');
    const chosen = await api.gql<{ setShippingMethodsOnCart: { cart: { shipping_addresses: { selected_shipping_method: { amount: { value: number } } }[] } } }>(
      METHOD,
      { c: cartId, carrier: 'flatrate', method: 'flatrate' },
    );
    expect(chosen.data!.setShippingMethodsOnCart.cart.shipping_addresses[0]!.selected_shipping_method.amount.value).toBe(0);
  });

  it("spec §2 checkout: a cart with a prescription line adds the lab's working days to every delivery estimate; a frame-only cart does not", async () => {
    const days = async (cartId: string) =>
      (
        await api.gqlGet<{ cart: { shipping_addresses: { available_shipping_methods: { carrier_code: string; lunette_delivery_days: unknown }[] }[] } }>(
          'query ($c: String!) { cart(cart_id: $c) { shipping_addresses { available_shipping_methods { carrier_code lunette_delivery_days { min max } } } } }',
          { c: cartId },
        )
      ).data!.cart.shipping_addresses[0]!.available_shipping_methods.map((m) => [m.carrier_code, m.lunette_delivery_days]);
    const frameOnly = await guestCart(api);
    await addAurora(api, frameOnly);
    await api.gql(SHIPPING, { c: frameOnly, a: TORONTO });
    expect(await days(frameOnly)).toEqual([
      ['flatrate', { min: 5, max: 7 }],
      ['lunetteexpress', { min: 1, max: 2 }],
    ]);

    const prescription = await guestCart(api);
    expect(await addAuroraWithPrescription(api, prescription)).toEqual([]);
    await api.gql(SHIPPING, { c: prescription, a: TORONTO });
    // The lab's `lunette/lab/working_days` (LAB_WORKING_DAYS, no store view overrides it) on top of each carrier's days.
    expect(await days(prescription)).toEqual([
      ['flatrate', { min: 5 + LAB_WORKING_DAYS, max: 7 + LAB_WORKING_DAYS }],
      ['lunetteexpress', { min: 1 + LAB_WORKING_DAYS, max: 2 + LAB_WORKING_DAYS }],
    ]);
  });

  it('spec §7 REST: shipping-information refuses the free-shipping carrier and charges the one standard parcel as the cart does', async () => {
    const cartId = await cartUnderTheSubtotal();
    const information = (carrier: string) =>
      api.http(
        `/rest/V1/guest-carts/${cartId}/shipping-information`,
        jsonPost({ addressInformation: { shipping_address: US_ADDRESS, shipping_carrier_code: carrier, shipping_method_code: carrier } }),
      );
    const refused = await information('freeshipping');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe('Carrier with such method not found: freeshipping, freeshipping');
    const paid = await information('flatrate');
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as { totals: { shipping_amount: number } }).totals.shipping_amount).toBe(13.63);
  });

  it('only `free` is offered at a zero total', async () => {
    const cartId = await guestCart(api);
    const res = await api.gqlGet('query ($c: String!) { cart(cart_id: $c) { available_payment_methods { code } selected_payment_method { code } } }', {
      c: cartId,
    });
    expect(res.data!.cart).toEqual({ available_payment_methods: [{ code: 'free' }], selected_payment_method: { code: '' } });
  });
});

describe('placeOrder errors', () => {
  type Placed = { placeOrder: { errors: { code: string; message: string }[]; orderV2: unknown } };

  it("answers Magento's PlaceOrderError codes in `errors`", async () => {
    const unknown = await api.gql<Placed>(PLACE_ORDER, { c: 'missing-cart' });
    expect(unknown.data!.placeOrder).toEqual({
      order: null,
      orderV2: null,
      errors: [{ code: 'CART_NOT_FOUND', message: 'Could not find a cart with ID "missing-cart"' }],
    });

    const cartId = await guestCart(api);
    expect((await api.gql<Placed>(PLACE_ORDER, { c: cartId })).data!.placeOrder.errors).toEqual([
      {
        code: 'UNABLE_TO_PLACE_ORDER',
        message: 'Unable to place order: A server error stopped your order from being placed. Please try to place your order again.',
      },
    ]);
    await addAurora(api, cartId);
    expect((await api.gql<Placed>(PLACE_ORDER, { c: cartId })).data!.placeOrder.errors).toEqual([
      { code: 'GUEST_EMAIL_MISSING', message: 'Guest email for cart is missing.' },
    ]);
    await api.gql(EMAIL, { c: cartId, e: 'late@example.com' });
    await api.gql(SHIPPING, { c: cartId, a: TORONTO });
    expect((await api.gql<Placed>(PLACE_ORDER, { c: cartId })).data!.placeOrder.errors).toEqual([
      { code: 'UNABLE_TO_PLACE_ORDER', message: 'Unable to place order: The shipping method is missing. Select the shipping method and try again.' },
    ]);
    await readyForOrder(api, cartId);
    expect((await api.gql<Placed>(PLACE_ORDER, { c: cartId })).data!.placeOrder.errors).toEqual([]);
    expect((await api.gql<Placed>(PLACE_ORDER, { c: cartId })).data!.placeOrder.errors).toEqual([
      { code: 'CART_NOT_ACTIVE', message: "The cart isn't active." },
    ]);
  });

  it('spec §8: an item that went out of stock stops the order with "Some of the products are out of stock."', async () => {
    const cartId = await guestCart(api);
    const { lenses } = await frameChoice(api, 'LN1006', PLAIN_LENSES);
    await api.gql(
      'mutation ($c: String!, $l: [ID]) { addProductsToCart(cartId: $c, cartItems: [{ sku: "LN1006-OLV-M", quantity: 1, selected_options: $l }]) { user_errors { message } } }',
      { c: cartId, l: lenses },
    );
    await readyForOrder(api, cartId);
    const product = (await findProductBySku(api.backend.db, 'LN1006-OLV-M'))!;
    await api.backend.db.query("UPDATE catalog_product SET qty = 0, stock_status = 'OUT_OF_STOCK' WHERE id = $1", [product.id]);
    expect((await api.gql<Placed>(PLACE_ORDER, { c: cartId })).data!.placeOrder.errors).toEqual([
      { code: 'UNABLE_TO_PLACE_ORDER', message: 'Unable to place order: Some of the products are out of stock.' },
    ]);
  });

  it("spec §6: placing an order on someone else's cart is refused as a GraphQL error", async () => {
    const { token } = await newCustomer(api);
    const cartId = (await api.gqlGet<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, bearer(token))).data!.customerCart.id;
    expect(firstError(await api.gql(PLACE_ORDER, { c: cartId }))).toBe(`The current user cannot perform operations on cart "${cartId}"`);
  });
});

describe('customer checkout and order history', () => {
  const ORDERS = `query ($n: String) { customer { orders(filter: { number: { eq: $n } }) { total_count items { number status order_date
    items { product_name product_sku quantity_ordered product_sale_price { value currency } selected_options { label value } }
    total { grand_total { value currency } subtotal { value } total_tax { value } total_shipping { value } discounts { label amount { value } } }
    shipping_address { firstname city region country_code street } billing_address { city } payment_methods { name type } } } } }`;

  it('a customer orders with an address-book address and a coupon; the order is in their history only', async () => {
    const { token } = await newCustomer(api);
    const other = await newCustomer(api);
    const address = await api.gql<{ createCustomerAddress: { id: number } }>(
      'mutation ($i: CustomerAddressInput!) { createCustomerAddress(input: $i) { id } }',
      { i: { ...TORONTO, region: { region_code: 'ON' } } },
      bearer(token),
    );
    const cartId = (await api.gqlGet<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, bearer(token))).data!.customerCart.id;
    await addAurora(api, cartId, 2, bearer(token));
    await api.gql(
      'mutation ($c: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: "WELCOME10" }) { cart { id } } }',
      { c: cartId },
      bearer(token),
    );
    const steps = [
      [
        'mutation ($c: String!, $id: Int) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ customer_address_id: $id }] }) { cart { id } } }',
        { id: address.data!.createCustomerAddress.id },
      ],
      [
        'mutation ($c: String!, $id: Int) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { customer_address_id: $id } }) { cart { id } } }',
        { id: address.data!.createCustomerAddress.id },
      ],
      [
        'mutation ($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "lunetteexpress", method_code: "express" }] }) { cart { id } } }',
        {},
      ],
      ['mutation ($c: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "checkmo" } }) { cart { id } } }', {}],
    ] as const;
    for (const [query, variables] of steps) expect((await api.gql(query, { c: cartId, ...variables }, bearer(token))).errors).toBeUndefined();
    const stolen = await api.gql(
      'mutation ($c: String!, $id: Int) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ customer_address_id: $id }] }) { cart { id } } }',
      {
        c: (await api.gqlGet<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, bearer(other.token))).data!.customerCart.id,
        id: address.data!.createCustomerAddress.id,
      },
      bearer(other.token),
    );
    expect(firstError(stolen)).toBe(`Current customer does not have permission to address with ID "${address.data!.createCustomerAddress.id}"`);

    const placed = await api.gql<{ placeOrder: { orderV2: { number: string } } }>(PLACE_ORDER, { c: cartId }, bearer(token));
    const number = placed.data!.placeOrder.orderV2.number;
    const history = await api.gqlGet<{ customer: { orders: { total_count: number; items: Record<string, unknown>[] } } }>(ORDERS, { n: number }, bearer(token));
    expect(history.data!.customer.orders.total_count).toBe(1);
    expect(history.data!.customer.orders.items[0]).toMatchObject({
      number,
      status: 'Pending',
      items: [{ product_name: 'Aurora Cat-Eye', product_sku: 'LN1001-BLK-M', quantity_ordered: 2, product_sale_price: { value: 176.73, currency: 'CAD' } }],
      total: {
        subtotal: { value: 353.46 },
        discounts: [{ label: 'Welcome 10% off', amount: { value: 35.35 } }],
        total_shipping: { value: 34.18 },
        total_tax: { value: 41.35 },
        grand_total: { value: 393.64, currency: 'CAD' },
      },
      shipping_address: { firstname: 'Ada', city: 'Toronto', region: 'Ontario', country_code: 'CA', street: ['12 King St W'] },
      payment_methods: [{ name: 'Check / Money order', type: 'checkmo' }],
    });
    expect((history.data!.customer.orders.items[0]!.items as { selected_options: { label: string }[] }[])[0]!.selected_options.map((o) => o.label)).toEqual([
      'Colour',
      'Size',
      'Lens type',
      'Lens index',
    ]);
    const otherHistory = await api.gqlGet<{ customer: { orders: { total_count: number } } }>(ORDERS, { n: number }, bearer(other.token));
    expect(otherHistory.data!.customer.orders.total_count).toBe(0);
    // After the order, the customer gets a new, empty cart.
    const next = await api.gqlGet<{ customerCart: { id: string; total_quantity: number } }>('{ customerCart { id total_quantity } }', {}, bearer(token));
    expect(next.data!.customerCart.id).not.toBe(cartId);
    expect(next.data!.customerCart.total_quantity).toBe(0);
  });

  it('the seeded customer ada@example.com has two past orders, newest first, paged', async () => {
    const { signIn } = await import('./commerce-test-kit');
    const token = await signIn(api, 'ada@example.com', 'Eyewear!2026');
    const res = await api.gqlGet<{ customer: { orders: { total_count: number; items: { number: string }[]; page_info: unknown } } }>(
      '{ customer { orders(pageSize: 1, currentPage: 2) { total_count items { number } page_info { current_page page_size total_pages } } } }',
      {},
      bearer(token),
    );
    expect(res.data!.customer.orders).toEqual({
      total_count: 2,
      items: [{ number: '000000001' }],
      page_info: { current_page: 2, page_size: 1, total_pages: 2 },
    });
  });
});
