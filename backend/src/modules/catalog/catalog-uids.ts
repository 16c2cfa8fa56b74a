/**
 * Magento's GraphQL uids: base64 of an id, or of a typed path for option values. Kept in one
 * place so the storefront's cached uids stay the same as a real Magento store's.
 */
export const encodeUid = (value: string | number): string => Buffer.from(String(value)).toString('base64');

export function decodeUid(uid: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(uid)) return null;
  return Buffer.from(uid, 'base64').toString('utf8');
}

/** A numeric entity uid (product, category): base64 of the id. */
export function decodeEntityUid(uid: string): number | null {
  const decoded = decodeUid(uid);
  return decoded && /^\d+$/.test(decoded) ? Number(decoded) : null;
}

/** `ConfigurableProductOptions.uid`: "configurable/{attribute_id}". */
export const configurableOptionUid = (attributeId: number) => encodeUid(`configurable/${attributeId}`);
/** `ConfigurableProductOptionsValues.uid`: "configurable/{attribute_id}/{value_index}". */
export const configurableValueUid = (attributeId: number, valueIndex: number) => encodeUid(`configurable/${attributeId}/${valueIndex}`);

export function decodeConfigurableValueUid(uid: string): { attributeId: number; valueIndex: number } | null {
  const match = /^configurable\/(\d+)\/(\d+)$/.exec(decodeUid(uid) ?? '');
  return match ? { attributeId: Number(match[1]), valueIndex: Number(match[2]) } : null;
}

/** Customizable option uid: "custom-option/{option_id}"; a value of it: "custom-option/{option_id}/{value_id}". */
export const customOptionUid = (optionId: number) => encodeUid(`custom-option/${optionId}`);
export const customOptionValueUid = (optionId: number, valueId: number) => encodeUid(`custom-option/${optionId}/${valueId}`);
