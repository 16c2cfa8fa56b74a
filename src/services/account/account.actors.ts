/**
 * The live effects of the account machines (`src/machines/account/*.machine.ts`): each change is a
 * Magento mutation (spec §7 operations) that answers `{ at }`, the time it answered, for the toast
 * it raises. A refused change rejects with the ApolloError, whose message is Magento's.
 */
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { fromPromise } from 'xstate';
import type { SaveAddressInput } from '../../machines/account/address-book.machine';
import type { FormValues, Saved } from '../../machines/account/saved-form.machine';
import type { Address } from '../../machines/checkout/checkout.types';
import { runMutation } from '../apollo/operation-helpers';
import {
  CHANGE_PASSWORD,
  CONTACT_US,
  CREATE_ADDRESS,
  DELETE_ADDRESS,
  RESET_PASSWORD,
  UPDATE_ADDRESS,
  UPDATE_CUSTOMER,
  UPDATE_CUSTOMER_EMAIL,
} from './account.operations';
import type * as Operations from '../apollo/generated/operation-types';
import { ShopFailure } from '../../machines/shared/shop-failure';
import { UNSUBSCRIBE_PRODUCT_ALERT } from '../alerts/product-alert.operations';

export interface AccountDeps {
  client: ApolloClient<NormalizedCacheObject>;
  now: () => number;
}

/** The query the address book page keeps active: read again after each change. */
const ADDRESS_BOOK_QUERY = 'GetAddressBook';

const text = (values: FormValues, field: string): string => {
  const value = values[field];
  return typeof value === 'string' ? value : '';
};

/**
 * An address form's values as Magento's `CustomerAddressInput`. The country is an id of the store's
 * `countries` answer (the form's select offers only those), which Magento types as a plain string.
 */
export function addressInputOf(address: Address, isDefault: boolean): Operations.CustomerAddressInput {
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    street: address.street,
    city: address.city,
    region: { region: address.region ?? null, region_code: address.region_code ?? null, region_id: address.region_id ?? null },
    postcode: address.postcode,
    country_code: (address.country_id ?? 'CA') as Operations.CountryCodeEnum,
    telephone: address.telephone,
    default_shipping: isDefault,
    default_billing: isDefault,
  };
}

/** One `save` actor per form of the account pages, for `savedFormMachine.provide({ actors: { save } })`. */
export function accountFormActors({ client, now }: AccountDeps) {
  const saved = async (change: Promise<unknown>): Promise<Saved> => {
    await change;
    return { at: now() };
  };
  return {
    updateName: fromPromise<Saved, FormValues>(({ input }) =>
      saved(runMutation(client, UPDATE_CUSTOMER, { firstname: text(input, 'firstname').trim(), lastname: text(input, 'lastname').trim() })),
    ),
    updateEmail: fromPromise<Saved, FormValues>(({ input }) =>
      saved(runMutation(client, UPDATE_CUSTOMER_EMAIL, { email: text(input, 'email').trim(), password: text(input, 'password') })),
    ),
    changePassword: fromPromise<Saved, FormValues>(({ input }) =>
      saved(runMutation(client, CHANGE_PASSWORD, { currentPassword: text(input, 'currentPassword'), newPassword: text(input, 'newPassword') })),
    ),
    updateNewsletter: fromPromise<Saved, FormValues>(({ input }) => saved(runMutation(client, UPDATE_CUSTOMER, { isSubscribed: input.isSubscribed === true }))),
    resetPassword: fromPromise<Saved, FormValues>(({ input }) =>
      saved(
        runMutation(client, RESET_PASSWORD, { email: text(input, 'email').trim(), token: text(input, 'token'), newPassword: text(input, 'password') }).then(
          ({ resetPassword }) => {
            if (resetPassword !== true) throw new ShopFailure('passwordNotReset');
          },
        ),
      ),
    ),
    sendContactMessage: fromPromise<Saved, FormValues>(({ input }) =>
      saved(
        runMutation(client, CONTACT_US, {
          name: text(input, 'name').trim(),
          email: text(input, 'email').trim(),
          telephone: text(input, 'telephone').trim() || null,
          comment: text(input, 'comment').trim(),
        }).then(({ contactUs }) => {
          if (contactUs?.status !== true) throw new ShopFailure('messageNotSent');
        }),
      ),
    ),
  };
}

/** The address book machine's effects: each change answers once the book has been read again. */
export function addressBookImplementations({ client, now }: AccountDeps) {
  const thenReadBook = async (change: Promise<unknown>): Promise<Saved> => {
    await change;
    await client.refetchQueries({ include: [ADDRESS_BOOK_QUERY] });
    return { at: now() };
  };
  return {
    actors: {
      saveAddress: fromPromise<Saved, SaveAddressInput>(({ input }) =>
        thenReadBook(
          input.id === null
            ? runMutation(client, CREATE_ADDRESS, { input: addressInputOf(input.address, input.isDefault) })
            : runMutation(client, UPDATE_ADDRESS, { id: input.id, input: addressInputOf(input.address, input.isDefault) }),
        ),
      ),
      deleteAddress: fromPromise<Saved, { id: number }>(({ input }) => thenReadBook(runMutation(client, DELETE_ADDRESS, { id: input.id }))),
      makeDefaultAddress: fromPromise<Saved, { id: number }>(({ input }) =>
        thenReadBook(runMutation(client, UPDATE_ADDRESS, { id: input.id, input: { default_shipping: true, default_billing: true } })),
      ),
    },
  };
}

/** The query the communications page keeps active for its alerts: read again after a removal. */
const ACCOUNT_ALERTS_QUERY = 'GetAccountAlerts';

/** The account alerts machine's effect: the alert removed by its id (the backend checks it is the customer's own), then the list read again. */
export function accountAlertsImplementations({ client, now }: AccountDeps) {
  return {
    actors: {
      removeAlert: fromPromise<Saved, { id: number }>(async ({ input }) => {
        await runMutation(client, UNSUBSCRIBE_PRODUCT_ALERT, { input: { id: input.id } });
        await client.refetchQueries({ include: [ACCOUNT_ALERTS_QUERY] });
        return { at: now() };
      }),
    },
  };
}
