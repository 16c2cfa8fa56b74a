// Magento's API-functional tests for a customer's account: signing in and out, the password, the
// address book, the profile and `isEmailAvailable` (dev/tests/api-functional/testsuite/Magento/GraphQl/
// Customer) replayed against the embedded backend with the shop's seeded data (ADR 036).
// `Customer/_files/customer.php` is a new customer per test (its password the kit's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startCommerceBackend, type CommerceTestBackend } from '../commerce-test-kit';
import { customer, refusal, type Headers } from './magento-fixtures';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
}, 240_000);
afterAll(() => api.close());

const PASSWORD = 'Lunette!2026';
const NOT_AUTHORIZED = { message: "The current customer isn't authorized.", category: 'graphql-authorization' };
const SIGN_IN_REFUSED = 'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.';

const TOKEN = 'mutation ($e: String!, $p: String!) { generateCustomerToken(email: $e, password: $p) { token } }';

describe('Magento\\GraphQl\\Customer\\GenerateCustomerTokenTest', () => {
  it('testGenerateCustomerValidToken (after a refused attempt)', async () => {
    const { email } = await customer(api);
    expect(refusal(await api.gql(TOKEN, { e: email, p: 'wrongpassword' })).message).toBe(SIGN_IN_REFUSED);
    const res = await api.gql<{ generateCustomerToken: { token: string } }>(TOKEN, { e: email, p: PASSWORD });
    expect(res.errors).toBeUndefined();
    expect(res.data!.generateCustomerToken.token).toMatch(/\S{20,}/);
  });

  it('testGenerateCustomerTokenInvalidData (invalid_email, empty_email, invalid_password, empty_password)', async () => {
    const { email } = await customer(api);
    expect(refusal(await api.gql(TOKEN, { e: 'invalid_email@example.com', p: 'password' })).message).toBe(SIGN_IN_REFUSED);
    expect(refusal(await api.gql(TOKEN, { e: '', p: 'password' })).message).toBe('Specify the "email" value.');
    expect(refusal(await api.gql(TOKEN, { e: email, p: 'invalid_password' })).message).toBe(SIGN_IN_REFUSED);
    expect(refusal(await api.gql(TOKEN, { e: email, p: '' })).message).toBe('Specify the "password" value.');
  });

  it('testRegenerateCustomerToken', async () => {
    const { email } = await customer(api);
    const first = await signIn(api, email, PASSWORD);
    api.clock.advance(2);
    expect(await signIn(api, email, PASSWORD)).not.toBe(first);
  });

  it('testGenerateCustomerTokenWithEmptyEmail', async () => {
    expect(refusal(await api.gql(TOKEN, { e: '', p: 'bad-password' })).message).toBe('Specify the "email" value.');
  });

  it('testGenerateCustomerTokenWithEmptyPassword', async () => {
    const { email } = await customer(api);
    expect(refusal(await api.gql(TOKEN, { e: email, p: '' })).message).toBe('Specify the "password" value.');
  });
});

describe('Magento\\GraphQl\\Customer\\RevokeCustomerTokenTest', () => {
  const REVOKE = 'mutation { revokeCustomerToken { result } }';

  it('testRevokeCustomerTokenValidCredentials', async () => {
    const { headers } = await customer(api);
    const res = await api.gql<{ revokeCustomerToken: { result: boolean } }>(REVOKE, {}, headers);
    expect(res.data!.revokeCustomerToken.result).toBe(true);
    // The revoked token no longer reads the customer.
    expect(refusal(await api.gql('{ customer { email } }', {}, headers)).category).toBe('graphql-authorization');
  });

  it('testRevokeCustomerTokenForGuestCustomer', async () => {
    expect(refusal(await api.gql(REVOKE))).toEqual(NOT_AUTHORIZED);
  });
});

describe('Magento\\GraphQl\\Customer\\ChangeCustomerPasswordTest', () => {
  const CHANGE = 'mutation ($c: String!, $n: String!) { changeCustomerPassword(currentPassword: $c, newPassword: $n) { id email firstname lastname } }';

  it('testChangePassword', async () => {
    const { email, headers } = await customer(api);
    const res = await api.gql<{ changeCustomerPassword: { email: string } }>(CHANGE, { c: PASSWORD, n: 'anotherPassword1' }, headers);
    expect(res.data!.changeCustomerPassword.email).toBe(email);
    expect(await signIn(api, email, 'anotherPassword1')).toBeTruthy();
  });

  it('testChangePasswordIfUserIsNotAuthorizedTest', async () => {
    expect(refusal(await api.gql(CHANGE, { c: 'currentpassword', n: 'newpassword' }))).toEqual(NOT_AUTHORIZED);
  });

  it('testChangeWeakPassword', async () => {
    const { headers } = await customer(api);
    expect(refusal(await api.gql(CHANGE, { c: PASSWORD, n: 'weakpass' }, headers)).message).toMatch(
      /^Minimum of different classes of characters in password is/,
    );
  });

  it('testChangePasswordIfPasswordIsInvalid', async () => {
    const { headers } = await customer(api);
    expect(refusal(await api.gql(CHANGE, { c: 'password-incorrect', n: 'anotherPassword1' }, headers)).message).toBe('Invalid login or password.');
  });

  it('testChangePasswordIfCurrentPasswordIsEmpty', async () => {
    const { headers } = await customer(api);
    expect(refusal(await api.gql(CHANGE, { c: '', n: 'anotherPassword1' }, headers)).message).toBe('Specify the "currentPassword" value.');
  });

  it('testChangePasswordIfNewPasswordIsEmpty', async () => {
    const { headers } = await customer(api);
    expect(refusal(await api.gql(CHANGE, { c: PASSWORD, n: '' }, headers)).message).toBe('Specify the "newPassword" value.');
  });
});

describe('Magento\\GraphQl\\Customer\\GetCustomerTest', () => {
  const PROFILE = '{ customer { firstname lastname email } }';

  it('testGetCustomer', async () => {
    const { email, headers } = await customer(api);
    const res = await api.gql<{ customer: { firstname: string; lastname: string; email: string } }>(PROFILE, {}, headers);
    expect(res.data!.customer).toEqual({ firstname: 'Test', lastname: expect.stringMatching(/^Shopper\d+$/), email });
  });

  it('testGetCustomerIfUserIsNotAuthorized', async () => {
    expect(refusal(await api.gql(PROFILE))).toEqual(NOT_AUTHORIZED);
  });
});

/** `Customer/_files/customer_two_addresses.php`: two addresses, neither a default. */
async function twoAddresses(headers: Headers): Promise<number[]> {
  const ids: number[] = [];
  for (const city of ['CityM', 'CityX']) {
    const res = await api.gql<{ createCustomerAddress: { id: number } }>(
      `mutation ($a: CustomerAddressInput!) { createCustomerAddress(input: $a) { id } }`,
      {
        a: {
          firstname: 'John',
          lastname: 'Smith',
          street: ['Green str, 67'],
          city,
          region: { region_code: 'ON' },
          postcode: 'M5H 1A1',
          country_code: 'CA',
          telephone: '3468676',
          default_shipping: false,
          default_billing: false,
        },
      },
      headers,
    );
    if (res.errors) throw new Error(`fixture step failed: ${res.errors[0]!.message}`);
    ids.push(res.data!.createCustomerAddress.id);
  }
  return ids;
}

describe('Magento\\GraphQl\\Customer\\DeleteCustomerAddressTest', () => {
  const DELETE = 'mutation ($id: Int!) { deleteCustomerAddress(id: $id) }';
  const makeDefault = (headers: Headers, id: number, field: 'default_shipping' | 'default_billing') =>
    api.gql(`mutation ($id: Int!) { updateCustomerAddress(id: $id, input: { ${field}: true }) { id } }`, { id }, headers);

  it('testDeleteCustomerAddress', async () => {
    const { headers } = await customer(api);
    const [, second] = await twoAddresses(headers);
    const res = await api.gql<{ deleteCustomerAddress: boolean }>(DELETE, { id: second }, headers);
    expect(res.data!.deleteCustomerAddress).toBe(true);
  });

  it('testDeleteCustomerAddressIfUserIsNotAuthorized', async () => {
    expect(refusal(await api.gql(DELETE, { id: 1 }))).toEqual(NOT_AUTHORIZED);
  });

  it('testDeleteDefaultShippingCustomerAddress', async () => {
    const { headers } = await customer(api);
    const [, second] = await twoAddresses(headers);
    await makeDefault(headers, second!, 'default_shipping');
    expect(refusal(await api.gql(DELETE, { id: second }, headers)).message).toBe(
      `Customer Address ${second} is set as default shipping address and can not be deleted`,
    );
  });

  it('testDeleteDefaultBillingCustomerAddress', async () => {
    const { headers } = await customer(api);
    const [, second] = await twoAddresses(headers);
    await makeDefault(headers, second!, 'default_billing');
    expect(refusal(await api.gql(DELETE, { id: second }, headers)).message).toBe(
      `Customer Address ${second} is set as default billing address and can not be deleted`,
    );
  });

  it('testDeleteNonExistCustomerAddress', async () => {
    const { headers } = await customer(api);
    expect(refusal(await api.gql(DELETE, { id: 9999999 }, headers))).toEqual({
      message: 'Could not find a address with ID "9999999"',
      category: 'graphql-no-such-entity',
    });
  });

  it('testDeleteCustomerAddressWithMissingData', async () => {
    const { headers } = await customer(api);
    expect(refusal(await api.gql('mutation { deleteCustomerAddress() }', {}, headers)).message).toBe('Syntax Error: Expected Name, found ")".');
  });

  it('testDeleteAnotherCustomerAddress', async () => {
    const owner = await customer(api);
    const [first] = await twoAddresses(owner.headers);
    const { headers } = await customer(api);
    expect(refusal(await api.gql(DELETE, { id: first }, headers))).toEqual({
      message: `Current customer does not have permission to address with ID "${first}"`,
      category: 'graphql-authorization',
    });
  });
});

describe('Magento\\GraphQl\\Customer\\IsEmailAvailableTest', () => {
  const AVAILABLE = 'query ($e: String!) { isEmailAvailable(email: $e) { is_email_available } }';

  it('testEmailAvailable (Magento 2.4.7+: a registered email too, unless guest checkout login is on)', async () => {
    const { email } = await customer(api);
    for (const e of [email, 'nobody.here@example.com']) {
      const res = await api.gql<{ isEmailAvailable: { is_email_available: boolean } }>(AVAILABLE, { e });
      expect(res.data!.isEmailAvailable.is_email_available).toBe(true);
    }
  });

  it('testEmailAvailableEmptyValue', async () => {
    expect(refusal(await api.gql(AVAILABLE, { e: '' })).message).toBe('Email must be specified');
  });

  it('testEmailAvailableMissingValue', async () => {
    expect(refusal(await api.gql('{ isEmailAvailable { is_email_available } }')).message).toMatch(
      /^Field "isEmailAvailable" argument "email" of type "String!" is required/,
    );
  });

  it('testEmailAvailableInvalidValue', async () => {
    expect(refusal(await api.gql(AVAILABLE, { e: 'invalid-email' })).message).toBe('Email is invalid');
  });
});

describe('Magento\\GraphQl\\Customer\\CreateCustomerAddressTest', () => {
  const CREATE = `mutation ($a: CustomerAddressInput!) { createCustomerAddress(input: $a) {
    id region { region region_id region_code } country_id street company telephone fax postcode city
    firstname lastname middlename prefix suffix vat_id default_shipping default_billing } }`;
  const ARIZONA = {
    region: { region: 'Arizona', region_id: 4, region_code: 'AZ' },
    country_id: 'US',
    street: ['Line 1 Street', 'Line 2'],
    company: 'Company name',
    telephone: '123456789',
    fax: '123123123',
    postcode: '7777',
    city: 'City Name',
    firstname: 'Adam',
    lastname: 'Phillis',
    middlename: 'A',
    prefix: 'Mr.',
    suffix: 'Jr.',
    vat_id: '1',
    default_shipping: true,
    default_billing: false,
  };

  it('testCreateCustomerAddress', async () => {
    const { headers } = await customer(api);
    const res = await api.gql<{ createCustomerAddress: Record<string, unknown> }>(CREATE, { a: ARIZONA }, headers);
    expect(res.errors).toBeUndefined();
    const { id, ...fields } = res.data!.createCustomerAddress;
    expect(id).toEqual(expect.any(Number));
    expect(fields).toEqual(ARIZONA);
  });

  it('testCreateCustomerAddressIfUserIsNotAuthorized', async () => {
    const address = { ...ARIZONA, region: { region_id: 1 } };
    expect(refusal(await api.gql(CREATE, { a: address }))).toEqual(NOT_AUTHORIZED);
  });

  it('testCreateCustomerAddressWithMissingAttribute', async () => {
    const { headers } = await customer(api);
    const address = { ...ARIZONA, region: { region_id: 1 }, firstname: '' };
    expect(refusal(await api.gql(CREATE, { a: address }, headers)).message).toBe('Required parameters are missing: firstname');
  });

  it('testCreateCustomerAddressWithRedundantStreetLine', async () => {
    const { headers } = await customer(api);
    const address = { ...ARIZONA, street: ['Line 1 Street', 'Line 2', 'Line 3'] };
    expect(refusal(await api.gql(CREATE, { a: address }, headers)).message).toBe('"Street Address" cannot contain more than 2 lines.');
  });
});
