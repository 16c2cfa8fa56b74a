import { useQuery } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  selectAddressBookBusy,
  selectAddressBookError,
  selectAddressToDelete,
  selectAddressDraft,
  selectAddressEditor,
  selectMakeDefault,
  type AddressBookActor,
} from '../../machines/account/address-book.machine';
import { usePageActor } from '../app/page-actors';
import { AddressForm } from '../checkout';
import { AddressLines } from '../checkout';
import { GET_COUNTRIES, countryOptionsOf, type SavedAddress } from '../checkout';
import { savedAddressToAddress } from '../checkout';
import { Button } from '../shared/button';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import { SummaryBlock } from '../shared/summary-block';
import { AccountLayout } from './account-layout';
import { GET_ADDRESS_BOOK } from './account.operations';
import styles from './account.module.css';
import { FormError } from './form-field';
import { CancelButton } from '../shared/cancel-button';

/**
 * Address book `/address-book` (signed in): add, edit, delete, and choose the default address; the
 * address book machine runs each change. Each saved address is a summary block named after its person.
 */
export function AddressBookPage() {
  const actor = usePageActor('addressBook', {});
  return actor ? <AddressBook actor={actor} /> : null;
}

/** The address book's view of a running address book actor (the page's, or a story's). */
export function AddressBook({ actor }: { actor: AddressBookActor }) {
  const intl = useIntl();
  const book = useQuery(GET_ADDRESS_BOOK, { fetchPolicy: 'cache-and-network' });
  const countries = useQuery(GET_COUNTRIES);
  const countryList = useMemo(() => countryOptionsOf(countries.data), [countries.data]);
  const addresses = (book.data?.customer?.addresses ?? []).filter((a): a is SavedAddress => a !== null && a.id !== null);
  const editor = useSelector(actor, selectAddressEditor);
  const draft = useSelector(actor, selectAddressDraft);
  const makeDefault = useSelector(actor, selectMakeDefault);
  const error = useSelector(actor, selectAddressBookError);
  const busy = useSelector(actor, selectAddressBookBusy);
  const toDelete = useSelector(actor, selectAddressToDelete);
  const edited = editor?.kind === 'edit' ? (addresses.find((a) => a.id === editor.id) ?? null) : null;

  return (
    <AccountLayout title={intl.formatMessage({ id: 'account.nav.addressBook', defaultMessage: 'Address book' })}>
      <FormError id="address-book-error" message={error} />
      {editor ? (
        <section className={styles.section} aria-labelledby="address-form-title">
          <h2 id="address-form-title" className={styles.sectionTitle}>
            {editor.kind === 'edit'
              ? intl.formatMessage({ id: 'account.addresses.editTitle', defaultMessage: 'Edit address' })
              : intl.formatMessage({ id: 'account.addresses.newTitle', defaultMessage: 'New address' })}
          </h2>
          <AddressForm
            countries={countryList}
            // The form stays open (and keeps what was typed) through a refused save; `draft` is what it last submitted.
            initial={draft ?? (edited ? savedAddressToAddress(edited) : null)}
            submitting={busy}
            submitLabel={intl.formatMessage({ id: 'account.addresses.save', defaultMessage: 'Save address' })}
            onSubmit={(address) => actor.send({ type: 'address.submit', address })}
            errorId="address-book-error"
          >
            {editor.kind === 'new' || !editor.isDefault ? (
              <label className={styles.checkbox}>
                <input
                  type="checkbox"
                  checked={makeDefault}
                  onChange={(event) => actor.send({ type: 'address.makeDefault.toggle', makeDefault: event.target.checked })}
                />
                <FormattedMessage id="account.addresses.makeDefault" defaultMessage="Use as my default address" />
              </label>
            ) : null}
          </AddressForm>
          <p>
            <CancelButton disabled={busy} onClick={() => actor.send({ type: 'address.cancel' })} />
          </p>
        </section>
      ) : (
        <p>
          <Button priority="high" disabled={busy} onClick={() => actor.send({ type: 'address.add', isFirst: addresses.length === 0 })}>
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
            const id = address.id!;
            return (
              <li key={id} className={styles.card}>
                <SummaryBlock level={2} title={name}>
                  {address.default_shipping ? (
                    <span className={styles.badge}>
                      <FormattedMessage id="account.addresses.default" defaultMessage="Default address" />
                    </span>
                  ) : null}
                  <AddressLines address={savedAddressToAddress(address)} />
                  <div className={styles.actions}>
                    <Button
                      priority="low"
                      disabled={busy}
                      onClick={() => actor.send({ type: 'address.edit', id, isDefault: Boolean(address.default_shipping) })}
                    >
                      <FormattedMessage id="account.addresses.edit" defaultMessage="Edit" />
                      <span className="visually-hidden"> {name}</span>
                    </Button>
                    {!address.default_shipping ? (
                      <>
                        <Button priority="low" disabled={busy} onClick={() => actor.send({ type: 'address.setDefault', id })}>
                          <FormattedMessage id="account.addresses.setDefault" defaultMessage="Make default" />
                          <span className="visually-hidden"> {name}</span>
                        </Button>
                        {toDelete === id ? (
                          <>
                            <Button negative disabled={busy} aria-busy={busy || undefined} onClick={() => actor.send({ type: 'address.delete.confirm' })}>
                              <FormattedMessage id="account.addresses.confirmDelete" defaultMessage="Yes, delete" />
                              <span className="visually-hidden"> {name}</span>
                            </Button>
                            <Button priority="low" disabled={busy} onClick={() => actor.send({ type: 'address.delete.keep' })}>
                              <FormattedMessage id="account.addresses.keep" defaultMessage="Keep it" />
                            </Button>
                          </>
                        ) : (
                          <Button priority="low" negative disabled={busy} onClick={() => actor.send({ type: 'address.delete', id })}>
                            <FormattedMessage id="account.addresses.delete" defaultMessage="Delete" />
                            <span className="visually-hidden"> {name}</span>
                          </Button>
                        )}
                      </>
                    ) : null}
                  </div>
                </SummaryBlock>
              </li>
            );
          })}
        </ul>
      )}
    </AccountLayout>
  );
}
