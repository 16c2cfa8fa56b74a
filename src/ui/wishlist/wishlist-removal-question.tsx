import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { selectBusyWishlistItem } from '../../machines/wishlist/wishlist.machine';
import { useWishlistActor } from '../app/shop-actor-hooks';
import { Button } from '../shared/button';

/**
 * Destructive actions confirm: asked to remove an item, the wishlist machine waits for the
 * shopper's answer. "Yes, remove" sends `wishlist.item.remove.confirm`, "Keep it" keeps the item. The
 * item's name reaches screen readers through `describedBy` (the card's link or the product's heading).
 */
export function WishlistRemovalQuestion({ describedBy }: { describedBy?: string }) {
  const wishlist = useWishlistActor();
  const busy = useSelector(wishlist, selectBusyWishlistItem) !== null;
  return (
    <>
      <Button negative disabled={busy} aria-describedby={describedBy} onClick={() => wishlist.send({ type: 'wishlist.item.remove.confirm' })}>
        <FormattedMessage id="wishlist.item.confirmRemove" defaultMessage="Yes, remove" />
      </Button>
      <Button priority="low" disabled={busy} onClick={() => wishlist.send({ type: 'wishlist.item.remove.keep' })}>
        <FormattedMessage id="wishlist.item.keep" defaultMessage="Keep it" />
      </Button>
    </>
  );
}
