/** What other features may use of checkout (.dependency-cruiser.cjs: no feature imports another's files). */
export { AddressForm } from './address-form';
export { AddressLines } from './address-lines';
export { type CountryOption, countryOptionsOf, GET_COUNTRIES, type SavedAddress } from './checkout-page.operations';
export { savedAddressToAddress } from './shipping-address-step';
