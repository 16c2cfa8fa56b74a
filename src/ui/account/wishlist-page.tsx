import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { selectHasMoreWishlistPages, selectIsLoadingWishlist, selectWishlistError, selectWishlistItems } from '../../machines/wishlist/wishlist.machine';
import { Button } from '../shared/button';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import { useWishlistActor } from '../app/shop-actor-hooks';
import { AccountLayout } from './account-layout';
import styles from './account.module.css';
import { shopperMessageOf } from '../shared/shopper-message';
import { WishlistItemCard } from '../wishlist';

/** Wishlist `/wishlist` (signed in): paged; page 1 replaces, later pages append (spec §3, the wishlist machine). */
export function WishlistPage() {
  const intl = useIntl();
  const wishlist = useWishlistActor();
  const items = useSelector(wishlist, selectWishlistItems);
  const loading = useSelector(wishlist, selectIsLoadingWishlist);
  const error = useSelector(wishlist, selectWishlistError);
  const hasMore = useSelector(wishlist, selectHasMoreWishlistPages);
  useEffect(() => {
    // First visit: page 1. Later visits show what the machine holds (it reloads when an item is added).
    if (wishlist.getSnapshot().matches({ list: 'idle' })) wishlist.send({ type: 'wishlist.load' });
  }, [wishlist]);
  return (
    <AccountLayout title={intl.formatMessage({ id: 'account.nav.wishlist', defaultMessage: 'Wishlist' })}>
      {error ? (
        <div role="alert">
          <p className={styles.error}>{shopperMessageOf(error, intl)}</p>
          <Button onClick={() => wishlist.send({ type: items.length ? 'wishlist.loadMore' : 'wishlist.load' })}>
            <FormattedMessage id="account.retry" defaultMessage="Try again" />
          </Button>
        </div>
      ) : null}
      {loading && items.length === 0 ? (
        <LoadingRegion label={intl.formatMessage({ id: 'account.wishlist.loading', defaultMessage: 'Loading your wishlist…' })}>
          <Shimmer width="100%" height={10} />
        </LoadingRegion>
      ) : items.length === 0 && !error ? (
        <p>
          <FormattedMessage id="account.wishlist.empty" defaultMessage="Your wishlist is empty. Save frames you like from their page." />
        </p>
      ) : (
        <ul className={styles.cards} aria-busy={loading || undefined}>
          {items.map((item) => (
            <WishlistItemCard key={item.id} item={item} />
          ))}
        </ul>
      )}
      {hasMore ? (
        <p>
          <Button disabled={loading} onClick={() => wishlist.send({ type: 'wishlist.loadMore' })}>
            {loading
              ? intl.formatMessage({ id: 'account.wishlist.loadingMore', defaultMessage: 'Loading…' })
              : intl.formatMessage({ id: 'account.wishlist.more', defaultMessage: 'Show more' })}
          </Button>
        </p>
      ) : null}
    </AccountLayout>
  );
}
