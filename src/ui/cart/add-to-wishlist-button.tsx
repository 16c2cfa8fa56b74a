import { useApolloClient, useMutation } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { selectIsSignedIn } from '../../machines/session/session.machine';
import { Button } from '../shared/button';
import styles from './add-to-cart-button.module.css';
import { ADD_TO_WISHLIST, GET_WISHLIST_ID } from './add-to-wishlist.operations';
import { useSessionActor, useWishlistActor } from './shop-actor-hooks';

export interface AddToWishlistButtonProps {
  sku: string;
  parentSku?: string;
  selectedOptions?: string[];
}

/** "Add to wishlist" for the product page; a guest is offered to sign in first and comes back here. */
export function AddToWishlistButton({ sku, parentSku, selectedOptions }: AddToWishlistButtonProps) {
  const intl = useIntl();
  const location = useLocation();
  const signedIn = useSelector(useSessionActor(), selectIsSignedIn);
  const client = useApolloClient();
  const wishlist = useWishlistActor();
  const [addToWishlist, { loading }] = useMutation(ADD_TO_WISHLIST);
  const [result, setResult] = useState<{ ok: true } | { ok: false; message: string } | null>(null);

  if (!signedIn) {
    return (
      <Link to="/sign-in" state={{ from: `${location.pathname}${location.search}` }} className={styles.hint}>
        <FormattedMessage id="wishlist.add.signIn" defaultMessage="Sign in to save this frame to your wishlist" />
      </Link>
    );
  }
  const add = async () => {
    setResult(null);
    try {
      const { data } = await client.query({ query: GET_WISHLIST_ID, fetchPolicy: 'cache-first' });
      const wishlistId = data.customer?.wishlists.find((w) => w?.id)?.id;
      if (!wishlistId) throw new Error(intl.formatMessage({ id: 'wishlist.add.none', defaultMessage: 'Your account has no wishlist yet.' }));
      const answer = await addToWishlist({ variables: { wishlistId, sku, parentSku: parentSku ?? null, selectedOptions: selectedOptions ?? null } });
      const refused = (answer.data?.addProductsToWishlist?.user_errors ?? []).filter(Boolean);
      setResult(refused.length ? { ok: false, message: refused.map((e) => e!.message).join('\n') } : { ok: true });
      // The wishlist page shows the new item: page 1 is read again (spec §3: page 1 replaces).
      if (!refused.length) wishlist.send({ type: 'wishlist.load' });
    } catch (error) {
      setResult({ ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div className={styles.addToCart}>
      <Button priority="normal" disabled={loading} onClick={() => void add()}>
        {loading ? intl.formatMessage({ id: 'wishlist.add.adding', defaultMessage: 'Saving…' }) : intl.formatMessage({ id: 'wishlist.add.button', defaultMessage: 'Add to wishlist' })}
      </Button>
      <p role="status" className={styles.status}>
        {result?.ok ? (
          <>
            <FormattedMessage id="wishlist.add.added" defaultMessage="Saved to your wishlist." />{' '}
            <Link to="/wishlist">
              <FormattedMessage id="wishlist.add.view" defaultMessage="View wishlist" />
            </Link>
          </>
        ) : null}
      </p>
      {result && !result.ok ? (
        <p role="alert" className={styles.error}>
          {result.message}
        </p>
      ) : null}
    </div>
  );
}
