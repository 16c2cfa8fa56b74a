import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { selectIsSignedIn } from '../../machines/session/session.machine';
import { selectIsSavingToWishlist } from '../../machines/wishlist/wishlist.machine';
import { Button } from '../shared/button';
import styles from './add-to-wishlist-button.module.css';
import { useSessionActor, useWishlistActor } from '../app/shop-actor-hooks';
import { useBrowserSelector } from '../app/use-browser-selector';

export interface AddToWishlistButtonProps {
  sku: string;
  parentSku?: string;
  selectedOptions?: string[];
}

/**
 * "Add to wishlist" for the product page; a guest is offered to sign in first and comes back here.
 * The wishlist machine saves the frame and tells the outcome with a toast (ADR 010): the button
 * only sends `wishlist.item.add` and shows that a save is under way.
 */
export function AddToWishlistButton({ sku, parentSku, selectedOptions }: AddToWishlistButtonProps) {
  const intl = useIntl();
  const location = useLocation();
  const signedIn = useBrowserSelector(useSessionActor(), selectIsSignedIn, false);
  const wishlist = useWishlistActor();
  const saving = useSelector(wishlist, selectIsSavingToWishlist);

  if (!signedIn) {
    return (
      <Link to="/sign-in" state={{ from: `${location.pathname}${location.search}` }} className={styles.hint}>
        <FormattedMessage id="wishlist.add.signIn" defaultMessage="Sign in to save this frame to your wishlist" />
      </Link>
    );
  }
  return (
    <div className={styles.addToWishlist}>
      <Button
        priority="normal"
        disabled={saving}
        onClick={() => wishlist.send({ type: 'wishlist.item.add', sku, ...(parentSku ? { parentSku } : {}), ...(selectedOptions ? { selectedOptions } : {}) })}
      >
        {saving
          ? intl.formatMessage({ id: 'wishlist.add.adding', defaultMessage: 'Saving…' })
          : intl.formatMessage({ id: 'wishlist.add.button', defaultMessage: 'Add to wishlist' })}
      </Button>
    </div>
  );
}
