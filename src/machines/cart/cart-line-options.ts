/**
 * A cart line's options as an add-to-cart item (spec §4 "Update item": a configurable line is
 * removed and re-added, so everything the line carries must travel with the re-added item).
 *
 * Magento answers a line's custom options as `customizable_options`: a chosen value (lens usage,
 * index, coatings) has its own value uid and is re-sent as a `selected_options` uid; a typed value
 * (the prescription JSON, "Prescription to follow", an uploaded prescription's reference) is a
 * "field"/"area" option whose value uid is the option's own uid, and is re-sent as an
 * `entered_options` entry `{ uid: option uid, value: text }`. Sending a typed option's uid as a
 * selected option drops its text, and a colour/size edit would lose the prescription.
 */
import type { CartItem, CartItemCustomOption, CartItemToAdd } from './cart.types';

type EnteredOption = { uid: string; value: string };

const TEXT_OPTION_TYPES = new Set(['field', 'area']);

/** A typed-in option (its value is text the shopper entered), as opposed to chosen values. */
export function isTextOption(option: CartItemCustomOption): boolean {
  if (option.type && TEXT_OPTION_TYPES.has(option.type.toLowerCase())) return true;
  const values = (option.values ?? []).filter((v) => v !== null);
  return values.length > 0 && values.every((v) => v.customizable_option_value_uid === option.customizable_option_uid);
}

const customOptionsOf = (line: CartItem) => (line.customizable_options ?? []).filter((o): o is CartItemCustomOption => o !== null);

/** The line's custom options split as the add mutation takes them. */
export function lineCustomOptions(line: CartItem): { selectedOptions: string[]; enteredOptions: EnteredOption[] } {
  const selectedOptions: string[] = [];
  const enteredOptions: EnteredOption[] = [];
  for (const option of customOptionsOf(line)) {
    const values = (option.values ?? []).filter((v) => v !== null);
    if (isTextOption(option)) {
      const text = values.map((v) => v.value).join('');
      if (text) enteredOptions.push({ uid: option.customizable_option_uid, value: text });
    } else {
      selectedOptions.push(...values.map((v) => v.customizable_option_value_uid));
    }
  }
  return { selectedOptions, enteredOptions };
}

/**
 * The line as it stands, to add again (a guest re-adding after an invalid-cart recovery, or putting
 * a line back after a failed edit): the frame, its colour and size, every custom option.
 */
export function lineAsItemToAdd(line: CartItem, quantity: number = line.quantity): CartItemToAdd {
  const configurable = (line.configurable_options ?? []).map((option) => option.configurable_product_option_value_uid);
  const custom = lineCustomOptions(line);
  const selectedOptions = [...configurable, ...custom.selectedOptions];
  return {
    sku: line.product.sku,
    quantity,
    ...(selectedOptions.length ? { selectedOptions } : {}),
    ...(custom.enteredOptions.length ? { enteredOptions: custom.enteredOptions } : {}),
  };
}

/**
 * `item` (which names what changes, e.g. the new colour and size) with every custom option of the
 * line it does not name: a typed option `item` enters replaces the line's; a chosen option one of
 * whose values `item` selects is replaced; every other option of the line is kept as it is.
 */
export function keepingLineOptions(line: CartItem, item: CartItemToAdd): CartItemToAdd {
  const selected = [...(item.selectedOptions ?? [])];
  const chosen = new Set(selected);
  const entered = [...(item.enteredOptions ?? [])];
  const enteredUids = new Set(entered.map((e) => e.uid));
  for (const option of customOptionsOf(line)) {
    if (enteredUids.has(option.customizable_option_uid)) continue;
    const values = (option.values ?? []).filter((v) => v !== null);
    if (isTextOption(option)) {
      const text = values.map((v) => v.value).join('');
      if (text) entered.push({ uid: option.customizable_option_uid, value: text });
      continue;
    }
    if (values.some((v) => chosen.has(v.customizable_option_value_uid))) continue;
    for (const value of values) {
      if (!chosen.has(value.customizable_option_value_uid)) {
        chosen.add(value.customizable_option_value_uid);
        selected.push(value.customizable_option_value_uid);
      }
    }
  }
  const { selectedOptions: _selected, enteredOptions: _entered, ...rest } = item;
  return {
    ...rest,
    ...(selected.length ? { selectedOptions: selected } : {}),
    ...(entered.length ? { enteredOptions: entered } : {}),
  };
}
