import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { selectIsSignedIn } from '../../machines/session/session.machine';
import {
  selectBusyWishlistItem,
  selectIsSavingProduct,
  selectSavedWishlistItem,
  selectWishlistItemError,
  selectWishlistAllPagesAsked,
  selectWishlistRemovalAsked,
  type WishlistSnapshot,
} from '../../machines/wishlist/wishlist.machine';
import { Button } from '../shared/button';
import { shopperMessageOf } from '../shared/shopper-message';
import styles from './add-to-wishlist-button.module.css';
import { WishlistRemovalQuestion } from './wishlist-removal-question';
import { useSessionActor, useWishlistActor } from '../app/shop-actor-hooks';
import { useBrowserSelector } from '../app/use-browser-selector';

export interface AddToWishlistButtonProps {
  sku: string;
  parentSku?: string;
  selectedOptions?: string[];
  /** Where a guest comes back to after signing in (the product with the colour and size chosen); else this page. */
  returnTo?: string;
}

/**
 * "Add to wishlist" for the product page; a guest is offered to sign in first and comes back here
 * with the colour and size chosen, the frame then saved by the wishlist machine (spec §2: the
 * wishlist is for signed-in shoppers). The wishlist machine saves the frame and tells
 * the outcome with a toast (ADR 010): the button sends `wishlist.item.add` and shows that a save is
 * under way. A frame already saved (this colour and size) reads "Saved to your wishlist"
 * with "Remove from wishlist", after saving and on a later visit (the button loads the list once).
 */
export function AddToWishlistButton({ sku, parentSku, selectedOptions, returnTo }: AddToWishlistButtonProps) {
  const intl = useIntl();
  const location = useLocation();
  const signedIn = useBrowserSelector(useSessionActor(), selectIsSignedIn, false);
  const wishlist = useWishlistActor();
  const saving = useSelector(wishlist, (s: WishlistSnapshot) => selectIsSavingProduct(s, sku));
  const saved = useSelector(wishlist, (s: WishlistSnapshot) => selectSavedWishlistItem(s, sku, selectedOptions));
  const busy = useSelector(wishlist, selectBusyWishlistItem);
  const removalAsked = useSelector(wishlist, selectWishlistRemovalAsked);
  const failure = useSelector(wishlist, (s: WishlistSnapshot) => (saved ? selectWishlistItemError(s, saved.id) : null));
  useEffect(() => {
    // Whether this frame is saved already: every page of the list, once (page 1 reloads after a save). ADR 029.
    if (signedIn && !selectWishlistAllPagesAsked(wishlist.getSnapshot())) wishlist.send({ type: 'wishlist.loadAll' });
  }, [signedIn, wishlist]);

  const item = { sku, ...(parentSku ? { parentSku } : {}), ...(selectedOptions ? { selectedOptions } : {}) };
  if (!signedIn) {
    // The frame is saved once signed in, and the shopper comes back to the colour and size chosen.
    return (
      <Link
        to="/sign-in"
        state={{ from: returnTo ?? `${location.pathname}${location.search}` }}
        className={styles.hint}
        onClick={() => wishlist.send({ type: 'wishlist.item.addAfterSignIn', ...item })}
      >
        <FormattedMessage id="wishlist.add.signIn" defaultMessage="Sign in to save this frame to your wishlist" />
      </Link>
    );
  }
  if (saved) {
    const removing = busy?.itemId === saved.id && busy.action === 'remove';
    return (
      <div className={styles.addToWishlist}>
        <p className={styles.saved} role="status">
          <FormattedMessage id="wishlist.saved" defaultMessage="Saved to your wishlist" />
        </p>
        {removalAsked === saved.id ? (
          <WishlistRemovalQuestion />
        ) : (
          <Button priority="low" disabled={busy !== null} onClick={() => wishlist.send({ type: 'wishlist.item.remove', itemId: saved.id })}>
            {removing
              ? intl.formatMessage({ id: 'wishlist.item.removing', defaultMessage: 'Removing…' })
              : intl.formatMessage({ id: 'wishlist.saved.remove', defaultMessage: 'Remove from wishlist' })}
          </Button>
        )}
        {failure ? (
          <p role="alert" className={styles.error}>
            {intl.formatMessage(
              { id: 'wishlist.item.removeFailed', defaultMessage: 'This item could not be removed: {reason}' },
              { reason: shopperMessageOf(failure.error, intl) },
            )}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className={styles.addToWishlist}>
      <Button priority="normal" disabled={saving} onClick={() => wishlist.send({ type: 'wishlist.item.add', ...item })}>
        {/* Both words take the same place (the shown one is read, the other is hidden), so the button keeps the width of the
            longer: at 375 px "Saving…" let the row reflow and put "Notify me of a price drop" under a double tap. */}
        <span className={styles.stableLabel}>
          <span className={saving ? styles.unshown : undefined}>{intl.formatMessage({ id: 'wishlist.add.button', defaultMessage: 'Add to wishlist' })}</span>
          <span className={saving ? undefined : styles.unshown}>{intl.formatMessage({ id: 'wishlist.add.adding', defaultMessage: 'Saving…' })}</span>
        </span>
      </Button>
    </div>
  );
}
