/**
 * Cart details as the embedded backend answers them for the seeded catalog (GetCartDetails on a
 * cart holding the Aurora Cat-Eye, black, M, with lenses): what the cart machine keeps in context;
 * and the story parameters that show the cart page with the cart machine in a given state.
 */
import type { CartDetails, CartItem } from '../../../machines/cart/cart.types';
import type { MachineStory, ShopStoryParameters } from './story-parameters';

/** A story's parameters for the cart page (`/cart`) with the cart machine as `story` says. */
export const cartPageWith = (story: MachineStory) => ({ shop: { route: '/cart', machines: { cart: story } } });

const money = (value: number) => ({ currency: 'CAD', value });

export const auroraLine: CartItem = {
  __typename: 'ConfigurableCartItem',
  uid: 'NQ==',
  quantity: 1,
  prices: { price: money(210.98), row_total: { value: 210.98 }, total_item_discount: { value: 0 } },
  errors: null,
  product: {
    uid: 'MQ==',
    name: 'Aurora Cat-Eye',
    sku: 'LN1001',
    url_key: 'aurora-cat-eye',
    stock_status: 'IN_STOCK',
    thumbnail: { url: '/media/catalog/product/a/u/aurora-cat-eye-black-front.png' },
    small_image: { url: '/media/catalog/product/a/u/aurora-cat-eye-black-front.png', label: 'Aurora Cat-Eye in black, front view' },
    price: { regularPrice: { amount: { value: 176.73 } } },
  },
  configurable_options: [
    {
      id: 93,
      configurable_product_option_uid: 'Y29uZmlndXJhYmxlLzEvOTM=',
      option_label: 'Colour',
      configurable_product_option_value_uid: 'Y29uZmlndXJhYmxlLzkzLzUw',
      value_label: 'Black',
      value_id: 50,
    },
    {
      id: 144,
      configurable_product_option_uid: 'Y29uZmlndXJhYmxlLzEvMTQ0',
      option_label: 'Size',
      configurable_product_option_value_uid: 'Y29uZmlndXJhYmxlLzE0NC8xNzI=',
      value_label: 'M',
      value_id: 172,
    },
  ],
  configured_variant: {
    uid: 'Mg==',
    sku: 'LN1001-BLK-M',
    thumbnail: { url: '/media/catalog/product/a/u/aurora-cat-eye-black-front.png' },
    small_image: { url: '/media/catalog/product/a/u/aurora-cat-eye-black-front.png', label: 'Aurora Cat-Eye in black, front view' },
  },
};

export const cartWithAurora: CartDetails = {
  id: 'story-cart-id',
  total_quantity: 1,
  applied_coupons: null,
  items: [auroraLine],
  prices: {
    grand_total: money(210.98),
    subtotal_excluding_tax: money(210.98),
    subtotal_including_tax: money(210.98),
    discounts: [],
    applied_taxes: [],
  },
  shipping_addresses: [],
  available_payment_methods: [
    { code: 'checkmo', title: 'Check / Money order' },
    { code: 'lunettepay_card', title: 'Credit or debit card (LunettePay)' },
    { code: 'lunettepay_wallet', title: 'LunettePay wallet' },
  ],
};

/** Two frames, the WELCOME10 coupon, Ontario HST and flat-rate shipping chosen. */
export const cartWithCouponAndShipping: CartDetails = {
  ...cartWithAurora,
  total_quantity: 2,
  applied_coupons: [{ code: 'WELCOME10' }],
  items: [{ ...auroraLine, quantity: 2, prices: { price: money(210.98), row_total: { value: 421.96 }, total_item_discount: { value: 42.2 } } }],
  prices: {
    grand_total: money(438.92),
    subtotal_excluding_tax: money(421.96),
    subtotal_including_tax: money(476.81),
    discounts: [{ label: 'Welcome 10 % off', amount: money(42.2) }],
    applied_taxes: [{ label: 'HST (ON) 13 %', amount: money(49.36) }],
  },
  shipping_addresses: [{ street: ['12 King St W'], selected_shipping_method: { carrier_code: 'flatrate', method_code: 'flatrate', amount: money(9.8) } }],
};

/** A line the backend flags (cart item errors: code and message). */
export const cartWithItemError: CartDetails = {
  ...cartWithAurora,
  items: [{ ...auroraLine, errors: [{ code: 'UNDEFINED', message: 'Some of the selected item options are not currently available.' }] }],
};

export const emptyCart: CartDetails = { ...cartWithAurora, total_quantity: 0, items: [], prices: { ...cartWithAurora.prices, grand_total: money(0) } };

/** What a designer tweaks on the cart's Aurora line (the Controls of the cart stories). */
export interface CartLineArgs {
  productName: string;
  /** Unit price, in the cart's currency. */
  price: number;
  quantity: number;
  stockStatus: 'IN_STOCK' | 'OUT_OF_STOCK';
  /** The words of a refused coupon, as the backend gives them; empty: the story's own. */
  couponError: string;
}

export const cartLineArgs: CartLineArgs = { productName: 'Aurora Cat-Eye', price: 210.98, quantity: 1, stockStatus: 'IN_STOCK', couponError: '' };

export const cartLineArgTypes = {
  productName: { control: 'text', description: 'Name of the frame on the line' },
  price: { control: { type: 'number', min: 0, step: 0.01 }, description: 'Unit price (CAD)' },
  quantity: { control: { type: 'number', min: 1, max: 99, step: 1 }, description: 'Quantity on the line' },
  stockStatus: { control: 'inline-radio', options: ['IN_STOCK', 'OUT_OF_STOCK'], description: 'Stock of the frame' },
  couponError: { control: 'text', description: 'A refused coupon’s reason, shown under the field' },
} as const;

/** The Aurora line as the args say: its row and the cart's totals change by the same amount. */
function cartDetailsFromArgs(details: CartDetails, { productName, price, quantity, stockStatus }: CartLineArgs): CartDetails {
  const line = details.items?.find((item) => item?.uid === auroraLine.uid);
  if (!line?.prices || !details.prices) return details;
  const cents = (value: number) => Math.round(value * 100) / 100;
  const rowTotal = cents(price * quantity);
  const delta = rowTotal - (line.prices.row_total?.value ?? 0);
  const shifted = <T extends { value?: number | null } | null | undefined>(amount: T): T =>
    amount ? { ...amount, value: cents((amount.value ?? 0) + delta) } : amount;
  const changed: CartItem = {
    ...line,
    quantity,
    prices: { ...line.prices, price: { ...line.prices.price, value: price }, row_total: { value: rowTotal } },
    product: { ...line.product, name: productName, stock_status: stockStatus },
  } as CartItem;
  return {
    ...details,
    total_quantity: (details.total_quantity ?? 0) + quantity - line.quantity,
    items: details.items!.map((item) => (item === line ? changed : item)),
    prices: {
      ...details.prices,
      grand_total: shifted(details.prices.grand_total),
      subtotal_excluding_tax: shifted(details.prices.subtotal_excluding_tax),
      subtotal_including_tax: shifted(details.prices.subtotal_including_tax),
    },
  };
}

/** `parameters.shop.fromArgs` of the cart stories: the cart machine's details with the line as the args say. */
export function cartFromArgs(args: Record<string, unknown>, params: ShopStoryParameters): ShopStoryParameters {
  const cart = params.machines?.cart;
  const details = cart?.context?.details as CartDetails | undefined;
  if (!cart || !details) return params;
  const lineArgs = { ...cartLineArgs, ...args } as CartLineArgs;
  const context = {
    ...cart.context,
    details: cartDetailsFromArgs(details, lineArgs),
    ...(lineArgs.couponError ? { errors: { coupon: { message: lineArgs.couponError } } } : {}),
  };
  return { ...params, machines: { ...params.machines, cart: { ...cart, context } } };
}
