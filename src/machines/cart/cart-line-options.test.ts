import { describe, expect, it } from 'vitest';
import { keepingLineOptions, lineAsItemToAdd, lineCustomOptions } from './cart-line-options';
import type { CartItem, CartItemCustomOption } from './cart.types';

// Uids as Magento (and the embedded backend) encode them: "custom-option/{option}" and "custom-option/{option}/{value}".
const optionUid = (...ids: number[]) => btoa(['custom-option', ...ids].join('/'));
const configurableUid = (attributeId: number, valueId: number) => btoa(`configurable/${attributeId}/${valueId}`);
const USAGE = optionUid(1);
const SINGLE_VISION = optionUid(1, 2);
const INDEX = optionUid(2);
const INDEX_160 = optionUid(2, 7);
const COATINGS = optionUid(3);
const ANTI_REFLECTIVE = optionUid(3, 10);
const BLUE_LIGHT = optionUid(3, 11);
const PRESCRIPTION = optionUid(4);
const BLACK = configurableUid(93, 50);
const TORTOISE = configurableUid(93, 51);
const M = configurableUid(144, 172);
const L = configurableUid(144, 173);
const RX = JSON.stringify({ od: { sph: -1.25, cyl: -0.5, axis: 90 }, os: { sph: -1, cyl: 0, axis: null }, pd: { single: 63 }, exam_date: '2026-01-10' });

const chosen = (uid: string, label: string, values: Array<[string, string]>, type = 'radio'): CartItemCustomOption => ({
  customizable_option_uid: uid,
  label,
  type,
  values: values.map(([valueUid, valueLabel]) => ({ customizable_option_value_uid: valueUid, label: valueLabel, value: valueLabel })),
});
const typed = (uid: string, label: string, text: string, type: string | null = 'area'): CartItemCustomOption => ({
  customizable_option_uid: uid,
  label,
  type,
  values: [{ customizable_option_value_uid: uid, label: '', value: text }],
});

/** An Aurora Cat-Eye line, black M, single vision 1.60 with anti-reflective and blue light, a typed prescription. */
const line: CartItem = {
  __typename: 'ConfigurableCartItem',
  uid: 'NQ==',
  quantity: 2,
  product: { uid: 'MQ==', name: 'Aurora Cat-Eye', sku: 'LN1001' },
  configurable_options: [
    { id: 93, configurable_product_option_uid: 'c', option_label: 'Color', configurable_product_option_value_uid: BLACK, value_label: 'Black', value_id: 50 },
    { id: 144, configurable_product_option_uid: 's', option_label: 'Size', configurable_product_option_value_uid: M, value_label: 'M', value_id: 172 },
  ],
  customizable_options: [
    chosen(USAGE, 'Lens type', [[SINGLE_VISION, 'Single vision']]),
    chosen(INDEX, 'Lens index', [[INDEX_160, '1.60 Thin']], 'drop_down'),
    chosen(
      COATINGS,
      'Lens coatings',
      [
        [ANTI_REFLECTIVE, 'Anti-reflective'],
        [BLUE_LIGHT, 'Blue light'],
      ],
      'checkbox',
    ),
    typed(PRESCRIPTION, 'Prescription', RX),
  ],
};

describe('a cart line as an add-to-cart item (spec §4 Update item: configurable lines are removed and re-added)', () => {
  it('typed options travel as entered options (option uid + text), chosen ones as selected uids', () => {
    expect(lineCustomOptions(line)).toEqual({
      selectedOptions: [SINGLE_VISION, INDEX_160, ANTI_REFLECTIVE, BLUE_LIGHT],
      enteredOptions: [{ uid: PRESCRIPTION, value: RX }],
    });
  });

  it('a typed option is recognised by its value uid being the option uid when the type is not answered', () => {
    const upload = 'Uploaded prescription: rx.pdf (application/pdf, 1024 bytes, ref 7f3c)';
    expect(lineCustomOptions({ ...line, customizable_options: [typed(PRESCRIPTION, 'Prescription', upload, null)] })).toEqual({
      selectedOptions: [],
      enteredOptions: [{ uid: PRESCRIPTION, value: upload }],
    });
  });

  it('the line as it stands: frame, colour, size and every custom option, at the given quantity', () => {
    expect(lineAsItemToAdd(line, 3)).toEqual({
      sku: 'LN1001',
      quantity: 3,
      selectedOptions: [BLACK, M, SINGLE_VISION, INDEX_160, ANTI_REFLECTIVE, BLUE_LIGHT],
      enteredOptions: [{ uid: PRESCRIPTION, value: RX }],
    });
  });
});

describe('keeping the options a line edit does not change', () => {
  it('a colour/size edit keeps every lens choice and the typed prescription', () => {
    expect(keepingLineOptions(line, { sku: 'LN1001-TOR-L', parentSku: 'LN1001', quantity: 2, selectedOptions: [TORTOISE, L] })).toEqual({
      sku: 'LN1001-TOR-L',
      parentSku: 'LN1001',
      quantity: 2,
      selectedOptions: [TORTOISE, L, SINGLE_VISION, INDEX_160, ANTI_REFLECTIVE, BLUE_LIGHT],
      enteredOptions: [{ uid: PRESCRIPTION, value: RX }],
    });
  });

  it('a typed option the item enters replaces the line’s; a chosen option the item names is replaced whole', () => {
    const kept = keepingLineOptions(line, {
      sku: 'LN1001-BLK-M',
      quantity: 2,
      selectedOptions: [BLACK, M, BLUE_LIGHT],
      enteredOptions: [{ uid: PRESCRIPTION, value: 'Prescription to follow' }],
    });
    // Coatings named (blue light only): anti-reflective is dropped; usage and index are kept.
    expect(kept.selectedOptions).toEqual([BLACK, M, BLUE_LIGHT, SINGLE_VISION, INDEX_160]);
    expect(kept.enteredOptions).toEqual([{ uid: PRESCRIPTION, value: 'Prescription to follow' }]);
  });

  it('a line without custom options adds nothing', () => {
    expect(keepingLineOptions({ ...line, customizable_options: null }, { sku: 'LN1001-TOR-L', quantity: 1, selectedOptions: [TORTOISE, L] })).toEqual({
      sku: 'LN1001-TOR-L',
      quantity: 1,
      selectedOptions: [TORTOISE, L],
    });
  });
});
