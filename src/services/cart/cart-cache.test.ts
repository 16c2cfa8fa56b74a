/**
 * A second configurable line showed another line's colour/size. Magento's
 * `SelectedConfigurableOption.id` (and `SelectedCustomizableOption(Value).id`) is the attribute's or
 * option's id, the same on every line: normalised by it, every line read the last answered line's
 * variant. These tests write a cart answer with two lines of the same frame through the shop's cache
 * and read each line back.
 */
import { gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createShopCache } from '../apollo/cache';

const LINES = gql`
  query TwoLines($cartId: String!) {
    cart(cart_id: $cartId) {
      id
      items {
        uid
        ... on ConfigurableCartItem {
          configurable_options {
            id
            option_label
            configurable_product_option_value_uid
            value_label
            value_id
          }
          customizable_options {
            id
            customizable_option_uid
            label
            values {
              id
              customizable_option_value_uid
              label
              value
            }
          }
        }
      }
    }
  }
`;

const colour = (label: string, valueId: number) => ({
  __typename: 'SelectedConfigurableOption',
  id: 93,
  option_label: 'Color',
  configurable_product_option_value_uid: `colour-${valueId}`,
  value_label: label,
  value_id: valueId,
});
const size = (label: string, valueId: number) => ({
  ...colour(label, valueId),
  id: 144,
  option_label: 'Size',
  configurable_product_option_value_uid: `size-${valueId}`,
});
const prescription = (text: string) => ({
  __typename: 'SelectedCustomizableOption',
  id: 4,
  customizable_option_uid: 'rx',
  label: 'Prescription',
  values: [{ __typename: 'SelectedCustomizableOptionValue', id: 4, customizable_option_value_uid: 'rx', label: '', value: text }],
});
const line = (uid: string, options: object[], rx: string) => ({
  __typename: 'ConfigurableCartItem',
  uid,
  configurable_options: options,
  customizable_options: [prescription(rx)],
});

describe('the shop cache keeps each cart line’s own variant (spec §3 Client cache identity)', () => {
  it('two lines of the same frame in different colours and sizes read back with their own colour, size and prescription', () => {
    const cache = createShopCache();
    cache.writeQuery({
      query: LINES,
      variables: { cartId: 'c' },
      data: {
        cart: {
          __typename: 'Cart',
          id: 'c',
          items: [line('NQ==', [colour('Black', 50), size('M', 172)], 'first'), line('Ng==', [colour('Tortoise', 51), size('L', 173)], 'second')],
        },
      },
    });
    const read = cache.readQuery<{
      cart: {
        items: Array<{ uid: string; configurable_options: Array<{ value_label: string }>; customizable_options: Array<{ values: Array<{ value: string }> }> }>;
      };
    }>({
      query: LINES,
      variables: { cartId: 'c' },
    });
    expect(read?.cart.items.map((i) => [i.uid, i.configurable_options.map((o) => o.value_label), i.customizable_options[0]?.values[0]?.value])).toEqual([
      ['NQ==', ['Black', 'M'], 'first'],
      ['Ng==', ['Tortoise', 'L'], 'second'],
    ]);
  });

  it('a later answer (the French store, after a merge) does not rewrite another line’s colour', () => {
    const cache = createShopCache();
    const write = (items: object[]) => cache.writeQuery({ query: LINES, variables: { cartId: 'c' }, data: { cart: { __typename: 'Cart', id: 'c', items } } });
    write([line('NQ==', [colour('Noir', 50), size('M', 172)], 'first')]);
    write([line('NQ==', [colour('Noir', 50), size('M', 172)], 'first'), line('Ng==', [colour('Écaille', 51), size('L', 173)], 'second')]);
    const read = cache.readQuery<{ cart: { items: Array<{ configurable_options: Array<{ value_label: string }> }> } }>({
      query: LINES,
      variables: { cartId: 'c' },
    });
    expect(read?.cart.items.map((i) => i.configurable_options.map((o) => o.value_label))).toEqual([
      ['Noir', 'M'],
      ['Écaille', 'L'],
    ]);
  });
});
