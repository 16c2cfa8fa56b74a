import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, firstError, newCustomer, signIn, startCommerceBackend, type CommerceTestBackend } from './commerce-test-kit';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const CREATE = `mutation ($input: CustomerCreateInput!) { createCustomerV2(input: $input) { customer { email firstname lastname is_subscribed } } }`;
const TOKEN = `mutation ($email: String!, $password: String!) { generateCustomerToken(email: $email, password: $password) { token } }`;
const CUSTOMER = '{ customer { email firstname lastname is_subscribed } }';

describe('createCustomerV2', () => {
  it('creates an account and answers the customer', async () => {
    const res = await api.gql(CREATE, {
      input: { email: 'Grace.Hopper@Example.com', firstname: 'Grace', lastname: 'Hopper', password: 'Cobol#1959', is_subscribed: true },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createCustomerV2).toEqual({
      customer: { email: 'grace.hopper@example.com', firstname: 'Grace', lastname: 'Hopper', is_subscribed: true },
    });
  });

  it('refuses an email that already has an account', async () => {
    const res = await api.gql(CREATE, { input: { email: 'grace.hopper@example.com', firstname: 'G', lastname: 'H', password: 'Cobol#1959' } });
    expect(firstError(res)).toBe('A customer with the same email address already exists in an associated website.');
  });

  it("refuses an invalid email and missing names with Magento's messages", async () => {
    expect(firstError(await api.gql(CREATE, { input: { email: 'not-an-email', firstname: 'A', lastname: 'B', password: 'Abcdef1!' } }))).toBe(
      '"not-an-email" is not a valid email address.',
    );
    expect(firstError(await api.gql(CREATE, { input: { email: 'x@example.com', firstname: ' ', lastname: '', password: 'Abcdef1!' } }))).toBe(
      '"First Name" is a required value. "Last Name" is a required value.',
    );
  });

  it.each([
    ['Ab1!', 'The password needs at least 8 characters. Create a new password and try again.'],
    ['abcdefgh1', 'Minimum of different classes of characters in password is 3. Classes of characters: Lower Case, Upper Case, Digits, Special Characters.'],
    [' Abcdef1! ', "The password can't begin or end with a space. Verify the password and try again."],
  ])("applies Magento's password rules to %j", async (password, message) => {
    const res = await api.gql(CREATE, { input: { email: `rules${password.length}@example.com`, firstname: 'A', lastname: 'B', password } });
    expect(firstError(res)).toBe(message);
    expect(res.errors![0]!.extensions!.category).toBe('graphql-input');
  });
});

describe('generateCustomerToken and the customer query', () => {
  it('spec §7: signs in with email and password and reads email, firstname, lastname, is_subscribed', async () => {
    const token = await signIn(api, 'GRACE.hopper@example.com', 'Cobol#1959');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const res = await api.gqlGet(CUSTOMER, {}, bearer(token));
    expect(res.data!.customer).toEqual({ email: 'grace.hopper@example.com', firstname: 'Grace', lastname: 'Hopper', is_subscribed: true });
  });

  it("refuses a wrong password with Magento's sign-in message", async () => {
    const res = await api.gql(TOKEN, { email: 'grace.hopper@example.com', password: 'Wrong#1234' });
    expect(firstError(res)).toBe('The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.');
    expect(res.errors![0]!.extensions!.category).toBe('graphql-authentication');
    expect(firstError(await api.gql(TOKEN, { email: 'nobody@example.com', password: 'Wrong#1234' }))).toBe(
      'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.',
    );
    expect(firstError(await api.gql(TOKEN, { email: '', password: 'x' }))).toBe('Specify the "email" value.');
    expect(firstError(await api.gql(TOKEN, { email: 'a@example.com', password: '' }))).toBe('Specify the "password" value.');
  });

  it('without a token the customer query is refused as unauthorized', async () => {
    const res = await api.gqlGet(CUSTOMER);
    expect(firstError(res)).toBe("The current customer isn't authorized.");
    expect(res.errors![0]!.extensions!.category).toBe('graphql-authorization');
    expect(firstError(await api.gqlGet(CUSTOMER, {}, bearer('not-a-token')))).toBe("The current customer isn't authorized.");
  });

  it('spec §9: a token lives 3600 seconds, then is refused', async () => {
    const { token } = await newCustomer(api);
    api.clock.advance(3599);
    expect((await api.gqlGet(CUSTOMER, {}, bearer(token))).errors).toBeUndefined();
    api.clock.advance(2);
    expect(firstError(await api.gqlGet(CUSTOMER, {}, bearer(token)))).toBe("The current customer isn't authorized.");
  });

  it('spec §4 User session: revokeCustomerToken ends the token', async () => {
    const { token } = await newCustomer(api);
    const res = await api.gql('mutation { revokeCustomerToken { result } }', {}, bearer(token));
    expect(res.data!.revokeCustomerToken).toEqual({ result: true });
    expect(firstError(await api.gqlGet(CUSTOMER, {}, bearer(token)))).toBe("The current customer isn't authorized.");
    expect(firstError(await api.gql('mutation { revokeCustomerToken { result } }', {}, bearer(token)))).toBe("The current customer isn't authorized.");
  });

  it('slows down repeated failed sign-ins: after 5 failures in 10 minutes even the right password is refused, until the window passes', async () => {
    const { email } = await newCustomer(api, 'Right#Pass1');
    for (let i = 0; i < 5; i += 1) expect((await api.gql(TOKEN, { email, password: `Wrong#Pass${i}` })).errors).toBeDefined();
    const locked = await api.gql(TOKEN, { email, password: 'Right#Pass1' });
    expect(firstError(locked)).toBe('The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.');
    api.clock.advance(601);
    expect((await api.gql(TOKEN, { email, password: 'Right#Pass1' })).data!.generateCustomerToken).toBeTruthy();
  });

  it('ADR 037: a locked sign-in says when it opens again (extensions.retry_after), for an unknown email as for a known one', async () => {
    const { email } = await newCustomer(api, 'Right#Pass1');
    for (const who of [email, `nobody.${Date.now()}@example.com`]) {
      const first = api.clock.now().getTime();
      for (let i = 0; i < 6; i += 1) {
        await api.gql(TOKEN, { email: who, password: `Wrong#Pass${i}` });
        api.clock.advance(10);
      }
      const locked = await api.gql(TOKEN, { email: who, password: 'Right#Pass1' });
      // Five failures lock it; the lock lifts when the first of them leaves the 10-minute window.
      expect(locked.errors![0]!.extensions).toEqual({ category: 'graphql-authentication', retry_after: new Date(first + 600_000).toISOString() });
    }
  });
});

describe('updateCustomerV2 and changeCustomerPassword', () => {
  it('updates names and the newsletter flag', async () => {
    const { token } = await newCustomer(api);
    const res = await api.gql(
      'mutation { updateCustomerV2(input: { firstname: "Ada", lastname: "Lovelace", is_subscribed: true }) { customer { firstname lastname is_subscribed } } }',
      {},
      bearer(token),
    );
    expect(res.data!.updateCustomerV2).toEqual({ customer: { firstname: 'Ada', lastname: 'Lovelace', is_subscribed: true } });
    expect(firstError(await api.gql('mutation { updateCustomerV2(input: { firstname: "" }) { customer { firstname } } }', {}, bearer(token)))).toBe(
      '"First Name" is a required value.',
    );
    expect(firstError(await api.gql('mutation { updateCustomerV2(input: { firstname: "X" }) { customer { firstname } } }'))).toBe(
      "The current customer isn't authorized.",
    );
  });

  it('changes the password after checking the current one', async () => {
    const { email, token } = await newCustomer(api, 'Old#Pass123');
    const change = 'mutation ($c: String!, $n: String!) { changeCustomerPassword(currentPassword: $c, newPassword: $n) { email } }';
    expect(firstError(await api.gql(change, { c: 'Bad#Pass123', n: 'New#Pass123' }, bearer(token)))).toBe('Invalid login or password.');
    expect(firstError(await api.gql(change, { c: 'Old#Pass123', n: 'short' }, bearer(token)))).toBe(
      'The password needs at least 8 characters. Create a new password and try again.',
    );
    expect((await api.gql(change, { c: 'Old#Pass123', n: 'New#Pass123' }, bearer(token))).data!.changeCustomerPassword).toEqual({ email });
    expect((await api.gql(TOKEN, { email, password: 'Old#Pass123' })).errors).toBeDefined();
    await signIn(api, email, 'New#Pass123');
  });
});

describe('updateCustomerEmail', () => {
  const UPDATE_EMAIL = 'mutation ($e: String!, $p: String!) { updateCustomerEmail(email: $e, password: $p) { customer { email is_subscribed } } }';

  it('account information: changes the email after checking the password; the customer signs in with the new one', async () => {
    const { email, token } = await newCustomer(api, 'Mail#Pass123');
    const next = `moved.${email}`;
    expect(firstError(await api.gql(UPDATE_EMAIL, { e: next, p: 'Wrong#Pass1' }, bearer(token)))).toBe('Invalid login or password.');
    expect(firstError(await api.gql(UPDATE_EMAIL, { e: 'not-an-email', p: 'Mail#Pass123' }, bearer(token)))).toBe(
      '"not-an-email" is not a valid email address.',
    );
    expect(firstError(await api.gql(UPDATE_EMAIL, { e: next, p: 'Mail#Pass123' }))).toBe("The current customer isn't authorized.");
    // a guest had subscribed the new address to the newsletter: the account's own choice wins
    expect((await api.gql('mutation ($e: String!) { subscribeEmailToNewsletter(email: $e) { status } }', { e: next })).errors).toBeUndefined();
    const res = await api.gql(UPDATE_EMAIL, { e: next.toUpperCase(), p: 'Mail#Pass123' }, bearer(token));
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateCustomerEmail).toEqual({ customer: { email: next, is_subscribed: false } });
    expect((await api.gql(TOKEN, { email, password: 'Mail#Pass123' })).errors).toBeDefined();
    await signIn(api, next, 'Mail#Pass123');
  });

  it("refuses another customer's email with Magento's message", async () => {
    const first = await newCustomer(api, 'Mail#Pass123');
    const second = await newCustomer(api, 'Mail#Pass123');
    expect(firstError(await api.gql(UPDATE_EMAIL, { e: first.email, p: 'Mail#Pass123' }, bearer(second.token)))).toBe(
      'A customer with the same email address already exists in an associated website.',
    );
  });
});

describe('password recovery', () => {
  const REQUEST = 'mutation ($email: String!) { requestPasswordResetEmail(email: $email) }';
  const RESET =
    'mutation ($email: String!, $token: String!, $password: String!) { resetPassword(email: $email, resetPasswordToken: $token, newPassword: $password) }';

  it('spec §2 /customer/account/createPassword: writes the reset link to the outbox; the token resets the password once', async () => {
    const { email, token: oldSession } = await newCustomer(api, 'Forgot#Me1');
    expect((await api.gql(REQUEST, { email })).data!.requestPasswordResetEmail).toBe(true);
    const line = api.logged.find((l) => l.includes(email) && l.includes('createPassword'))!;
    const link = new URL(line.slice(line.indexOf('http')));
    expect(link.pathname).toBe('/ca/customer/account/createPassword');
    const resetToken = link.searchParams.get('token')!;
    const stored = await api.backend.db.query<{ link: string }>('SELECT link FROM outbox WHERE recipient = $1 AND link IS NOT NULL', [email]);
    expect(stored.rows[0]!.link).toBe(link.toString());

    expect(firstError(await api.gql(RESET, { email, token: 'wrong', password: 'Reset#Pass1' }))).toBe('The password token is mismatched. Reset and try again.');
    expect(firstError(await api.gql(RESET, { email, token: resetToken, password: 'weak' }))).toBe(
      'The password needs at least 8 characters. Create a new password and try again.',
    );
    expect((await api.gql(RESET, { email, token: resetToken, password: 'Reset#Pass1' })).data!.resetPassword).toBe(true);
    await signIn(api, email, 'Reset#Pass1');
    expect(firstError(await api.gqlGet(CUSTOMER, {}, bearer(oldSession)))).toBe("The current customer isn't authorized.");
    expect(firstError(await api.gql(RESET, { email, token: resetToken, password: 'Again#Pass1' }))).toBe(
      'The password token is mismatched. Reset and try again.',
    );
  });

  it('a reset token expires after 2 hours', async () => {
    const { email } = await newCustomer(api);
    await api.gql(REQUEST, { email });
    const line = api.logged.filter((l) => l.includes(email)).at(-1)!;
    const resetToken = new URL(line.slice(line.indexOf('http'))).searchParams.get('token')!;
    api.clock.advance(2 * 3600 + 1);
    expect(firstError(await api.gql(RESET, { email, token: resetToken, password: 'Reset#Pass1' }))).toBe('The password token is expired. Reset and try again.');
  });

  it('validates the email', async () => {
    expect(firstError(await api.gql(REQUEST, { email: 'nope' }))).toBe('The email address has an invalid format.');
    expect(firstError(await api.gql(REQUEST, { email: '' }))).toBe('You must specify an email address.');
    expect((await api.gql(REQUEST, { email: 'unknown.person@example.com' })).data!.requestPasswordResetEmail).toBe(true);
  });
});

describe('isEmailAvailable, newsletter, contactUs', () => {
  it('isEmailAvailable validates the email (whether it tells of an account is a setting: enumeration.contract.test.ts)', async () => {
    const query = 'query ($email: String!) { isEmailAvailable(email: $email) { is_email_available } }';
    expect((await api.gqlGet(query, { email: 'free.address@example.com' })).data!.isEmailAvailable).toEqual({ is_email_available: true });
    expect(firstError(await api.gqlGet(query, { email: 'bad' }))).toBe('Email is invalid');
  });

  it('subscribeEmailToNewsletter subscribes a guest email once', async () => {
    const mutation = 'mutation ($email: String!) { subscribeEmailToNewsletter(email: $email) { status } }';
    expect((await api.gql(mutation, { email: 'reader@example.com' })).data!.subscribeEmailToNewsletter).toEqual({ status: 'SUBSCRIBED' });
    expect(firstError(await api.gql(mutation, { email: 'reader@example.com' }))).toBe('This email address is already subscribed.');
    expect(firstError(await api.gql(mutation, { email: 'reader' }))).toBe('Enter a valid email address.');
    expect(firstError(await api.gql(mutation, { email: 'grace.hopper@example.com' }))).toBe('Cannot create a newsletter subscription.');
  });

  it('contactUs records the message', async () => {
    const mutation = 'mutation ($input: ContactUsInput!) { contactUs(input: $input) { status } }';
    const res = await api.gql(mutation, { input: { name: 'Lin', email: 'lin@example.com', comment: 'Do you ship to Iceland?' } });
    expect(res.data!.contactUs).toEqual({ status: true });
    const rows = await api.backend.db.query<{ comment: string }>('SELECT comment FROM contact_message WHERE email = $1', ['lin@example.com']);
    expect(rows.rows[0]!.comment).toBe('Do you ship to Iceland?');
    expect(firstError(await api.gql(mutation, { input: { name: 'Lin', email: 'lin-at-example', comment: 'x' } }))).toBe(
      'The email address is invalid. Verify the email address and try again.',
    );
    expect(firstError(await api.gql(mutation, { input: { name: '', email: 'lin@example.com', comment: 'x' } }))).toBe('Enter the Name and try again.');
  });
});

describe('customer addresses', () => {
  const ADDRESS = {
    firstname: 'Ada',
    lastname: 'Lovelace',
    street: ['12 King St W'],
    city: 'Toronto',
    region: { region_code: 'ON' },
    postcode: 'M5H 1A1',
    country_code: 'CA',
    telephone: '4165550100',
    default_shipping: true,
    default_billing: true,
  };
  const CREATE_ADDRESS = `mutation ($input: CustomerAddressInput!) { createCustomerAddress(input: $input) {
    id uid firstname street city postcode country_code telephone default_shipping default_billing region { region region_code region_id } } }`;

  it('spec §6: a customer creates, updates and deletes addresses; defaults are kept', async () => {
    const { token } = await newCustomer(api);
    const created = await api.gql<{ createCustomerAddress: { id: number; uid: string; region: unknown; default_shipping: boolean } }>(
      CREATE_ADDRESS,
      { input: ADDRESS },
      bearer(token),
    );
    expect(created.errors).toBeUndefined();
    const address = created.data!.createCustomerAddress;
    expect(address.region).toEqual({ region: 'Ontario', region_code: 'ON', region_id: 74 });
    expect(address.default_shipping).toBe(true);

    const second = await api.gql<{ createCustomerAddress: { id: number } }>(
      CREATE_ADDRESS,
      {
        input: { ...ADDRESS, street: ['1 Rue Sainte-Catherine'], city: 'Montréal', region: { region_id: 76 }, default_shipping: false, default_billing: false },
      },
      bearer(token),
    );
    const updated = await api.gql(
      'mutation ($id: Int!) { updateCustomerAddress(id: $id, input: { city: "Québec", default_shipping: true }) { city default_shipping region { region_code } } }',
      { id: second.data!.createCustomerAddress.id },
      bearer(token),
    );
    expect(updated.data!.updateCustomerAddress).toEqual({ city: 'Québec', default_shipping: true, region: { region_code: 'QC' } });

    const list = await api.gqlGet<{ customer: { addresses: { city: string; default_shipping: boolean; default_billing: boolean }[] } }>(
      '{ customer { addresses { city default_shipping default_billing } } }',
      {},
      bearer(token),
    );
    expect(list.data!.customer.addresses).toEqual([
      { city: 'Toronto', default_shipping: false, default_billing: true },
      { city: 'Québec', default_shipping: true, default_billing: false },
    ]);

    expect(firstError(await api.gql('mutation ($id: Int!) { deleteCustomerAddress(id: $id) }', { id: address.id }, bearer(token)))).toBe(
      `Customer Address ${address.id} is set as default billing address and can not be deleted`,
    );
    await api.gql(
      'mutation ($uid: ID!) { updateCustomerAddressV2(uid: $uid, input: { default_billing: false }) { uid } }',
      { uid: address.uid },
      bearer(token),
    );
    expect(
      (await api.gql('mutation ($uid: ID!) { deleteCustomerAddressV2(uid: $uid) }', { uid: address.uid }, bearer(token))).data!.deleteCustomerAddressV2,
    ).toBe(true);
  });

  it("validates addresses with Magento's messages", async () => {
    const { token } = await newCustomer(api);
    expect(firstError(await api.gql(CREATE_ADDRESS, { input: { ...ADDRESS, city: '', telephone: null } }, bearer(token)))).toBe(
      'Required parameters are missing: city, telephone',
    );
    expect(firstError(await api.gql(CREATE_ADDRESS, { input: { ...ADDRESS, region: { region_code: 'ZZ' } } }, bearer(token)))).toBe(
      'Invalid value of "ZZ" provided for the regionId field.',
    );
    expect(firstError(await api.gql(CREATE_ADDRESS, { input: { ...ADDRESS, region: null } }, bearer(token)))).toBe(
      '"regionId" is required. Enter and try again.',
    );
    expect(firstError(await api.gql(CREATE_ADDRESS, { input: ADDRESS }))).toBe("The current customer isn't authorized.");
  });

  it("spec §6: a customer cannot change or delete another customer's address", async () => {
    const owner = await newCustomer(api);
    const intruder = await newCustomer(api);
    const created = await api.gql<{ createCustomerAddress: { id: number } }>(CREATE_ADDRESS, { input: ADDRESS }, bearer(owner.token));
    const id = created.data!.createCustomerAddress.id;
    const update = await api.gql('mutation ($id: Int!) { updateCustomerAddress(id: $id, input: { city: "Hacked" }) { city } }', { id }, bearer(intruder.token));
    expect(firstError(update)).toBe(`Current customer does not have permission to address with ID "${id}"`);
    expect(update.errors![0]!.extensions!.category).toBe('graphql-authorization');
    expect(firstError(await api.gql('mutation ($id: Int!) { deleteCustomerAddress(id: $id) }', { id }, bearer(intruder.token)))).toBe(
      `Current customer does not have permission to address with ID "${id}"`,
    );
    expect(firstError(await api.gql('mutation { deleteCustomerAddress(id: 999999) }', {}, bearer(intruder.token)))).toBe(
      'Could not find a address with ID "999999"',
    );
  });
});
