import { commonFields, type StoredAddress } from './addresses';

/** `CustomerAddress` */
export function customerAddressNode(id: number, a: StoredAddress, defaults: { billing: boolean; shipping: boolean }, customerId: number) {
  return {
    ...commonFields(a),
    id,
    uid: Buffer.from(String(id)).toString('base64'),
    customer_id: customerId,
    region: { region: a.region, region_code: a.region_code, region_id: a.region_id },
    region_id: a.region_id,
    country_code: a.country_code,
    country_id: a.country_code,
    default_billing: defaults.billing,
    default_shipping: defaults.shipping,
    custom_attributes: [],
    custom_attributesV2: [],
    extension_attributes: [],
  };
}
export type CustomerAddressNode = ReturnType<typeof customerAddressNode>;
