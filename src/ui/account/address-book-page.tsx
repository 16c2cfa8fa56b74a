import { useMutation, useQuery } from '@apollo/client';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Address } from '../../machines/checkout/checkout.types';
import { AddressForm } from '../checkout/address-form';
import { AddressLines } from '../checkout/address-lines';
import { GET_COUNTRIES, type CountryOption, type SavedAddress } from '../checkout/checkout-page.operations';
import { savedAddressToAddress } from '../checkout/shipping-address-step';
import { Button } from '../shared/button';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import { AccountLayout } from './account-layout';
import { CREATE_ADDRESS, DELETE_ADDRESS, GET_ADDRESS_BOOK, UPDATE_ADDRESS, type AddressInputVariables } from './account.operations';
import styles from './account.module.css';
import { FormError } from './form-field';

function toInput(address: Address, isDefault: boolean): AddressInputVariables {
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    street: address.street,
    city: address.city,
    region: { region: address.region ?? null, region_code: address.region_code ?? null, region_id: address.region_id ?? null },
    postcode: address.postcode,
    country_code: address.country_id ?? 'CA',
    telephone: address.telephone,
    default_shipping: isDefault,
    default_billing: isDefault,
  };
}

type Editing = { kind: 'new' } | { kind: 'edit'; address: SavedAddress } | null;

/** Address book `/address-book` (signed in): add, edit, delete, and choose the default address. */
export function AddressBookPage() {
  const intl = useIntl();
  const book = useQuery(GET_ADDRESS_BOOK, { fetchPolicy: 'cache-and-network' });
  const countries = useQuery(GET_COUNTRIES);
  const countryList = (countries.data?.countries ?? []).filter((c): c is CountryOption => c !== null);
  const refetchQueries = [{ query: GET_ADDRESS_BOOK }];
  const [create, created] = useMutation(CREATE_ADDRESS, { refetchQueries, awaitRefetchQueries: true });
  const [update, updated] = useMutation(UPDATE_ADDRESS, { refetchQueries, awaitRefetchQueries: true });
  const [remove, removed] = useMutation(DELETE_ADDRESS, { refetchQueries, awaitRefetchQueries: true });
  const [editing, setEditing] = useState<Editing>(null);
  const [makeDefault, setMakeDefault] = useState(false);
  const addresses = (book.data?.customer?.addresses ?? []).filter((a): a is SavedAddress => a !== null && a.id !== null);
  const error = created.error ?? updated.error ?? removed.error;
  const busy = created.loading || updated.loading || removed.loading;

  const save = async (address: Address) => {
    try {
      if (editing?.kind === 'edit') await update({ variables: { id: editing.address.id!, input: toInput(address, makeDefault || Boolean(editing.address.default_shipping)) } });
      else await create({ variables: { input: toInput(address, makeDefault || addresses.length === 0) } });
      setEditing(null);
    } catch {
      // Shown from the mutation's error; the form keeps what was typed.
    }
  };
  const startEditing = (next: Editing) => {
    created.reset();
    updated.reset();
    setMakeDefault(false);
    setEditing(next);
  };

  return (
    <AccountLayout title={intl.formatMessage({ id: 'account.nav.addressBook', defaultMessage: 'Address book' })}>
      <FormError id="address-book-error" message={error?.message} />
      {editing ? (
        <section className={styles.section} aria-labelledby="address-form-title">
          <h2 id="address-form-title" className={styles.sectionTitle}>
            {editing.kind === 'edit'
              ? intl.formatMessage({ id: 'account.addresses.editTitle', defaultMessage: 'Edit address' })
              : intl.formatMessage({ id: 'account.addresses.newTitle', defaultMessage: 'New address' })}
          </h2>
          <AddressForm
            countries={countryList}
            initial={editing.kind === 'edit' ? savedAddressToAddress(editing.address) : null}
            submitting={busy}
            submitLabel={intl.formatMessage({ id: 'account.addresses.save', defaultMessage: 'Save address' })}
            onSubmit={(address) => void save(address)}
            errorId="address-book-error"
          >
            {editing.kind === 'new' || !editing.address.default_shipping ? (
              <label className={styles.checkbox}>
                <input type="checkbox" checked={makeDefault} onChange={(event) => setMakeDefault(event.target.checked)} />
                <FormattedMessage id="account.addresses.makeDefault" defaultMessage="Use as my default address" />
              </label>
            ) : null}
          </AddressForm>
          <p>
            <Button priority="low" onClick={() => setEditing(null)}>
              <FormattedMessage id="account.cancel" defaultMessage="Cancel" />
            </Button>
          </p>
        </section>
      ) : (
        <p>
          <Button priority="high" onClick={() => startEditing({ kind: 'new' })}>
            <FormattedMessage id="account.addresses.add" defaultMessage="Add an address" />
          </Button>
        </p>
      )}
      {book.loading && !book.data ? (
        <LoadingRegion label={intl.formatMessage({ id: 'account.addresses.loading', defaultMessage: 'Loading your addresses…' })}>
          <Shimmer width="100%" height={8} />
        </LoadingRegion>
      ) : addresses.length === 0 ? (
        <p>
          <FormattedMessage id="account.addresses.none" defaultMessage="You have no saved addresses yet." />
        </p>
      ) : (
        <ul className={styles.cards} aria-busy={busy || undefined}>
          {addresses.map((address) => {
            const name = [address.firstname, address.lastname].filter(Boolean).join(' ');
            return (
              <li key={address.id} className={styles.card}>
                {address.default_shipping ? (
                  <span className={styles.badge}>
                    <FormattedMessage id="account.addresses.default" defaultMessage="Default address" />
                  </span>
                ) : null}
                <AddressLines address={savedAddressToAddress(address)} />
                <div className={styles.actions}>
                  <Button priority="low" disabled={busy} onClick={() => startEditing({ kind: 'edit', address })}>
                    <FormattedMessage id="account.addresses.edit" defaultMessage="Edit" />
                    <span className="visually-hidden"> {name}</span>
                  </Button>
                  {!address.default_shipping ? (
                    <>
                      <Button priority="low" disabled={busy} onClick={() => void update({ variables: { id: address.id!, input: { default_shipping: true, default_billing: true } } }).catch(() => undefined)}>
                        <FormattedMessage id="account.addresses.setDefault" defaultMessage="Make default" />
                        <span className="visually-hidden"> {name}</span>
                      </Button>
                      <Button priority="low" negative disabled={busy} onClick={() => void remove({ variables: { id: address.id! } }).catch(() => undefined)}>
                        <FormattedMessage id="account.addresses.delete" defaultMessage="Delete" />
                        <span className="visually-hidden"> {name}</span>
                      </Button>
                    </>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AccountLayout>
  );
}
