import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import {
  selectBusyWishlistItem,
  selectWishlistItemError,
  selectWishlistRemovalAsked,
  type WishlistItem,
  type WishlistItemAction,
  type WishlistSnapshot,
} from '../../machines/wishlist/wishlist.machine';
import { useWishlistActor } from '../app/shop-actor-hooks';
import { Button, buttonClassName } from '../shared/button';
import { Price } from '../shared/price';
import { ProductImage } from '../shared/product-image';
import { shopperMessageOf } from '../shared/shopper-message';
import styles from './wishlist-item-card.module.css';
import { WishlistRemovalQuestion } from './wishlist-removal-question';

/**
 * The colour and size saved as the product page and the lens wizard read them (`?color=49&size=52`,
 * attribute code → value_index), from the item's option value uids and the frame's options.
 */
export function savedSelectionOf(item: WishlistItem): Record<string, number> {
  const selection: Record<string, number> = {};
  for (const chosen of item.configurable_options ?? []) {
    for (const option of item.product.configurable_options ?? []) {
      const value = option?.values?.find((v) => v?.uid === chosen?.configurable_product_option_value_uid);
      if (option?.attribute_code && value?.value_index !== null && value?.value_index !== undefined) selection[option.attribute_code] = value.value_index;
    }
  }
  return selection;
}

/**
 * The card's picture: the saved variant's; a colour saved without its size (ADR 029), the picture of
 * a variant in that colour, as the product page shows once the colour is chosen; else the frame's own.
 */
export function pictureOf(item: WishlistItem): string | null {
  if (item.configured_variant?.small_image?.url) return item.configured_variant.small_image.url;
  const selection = Object.entries(savedSelectionOf(item));
  if (selection.length) {
    const matching = (item.product.variants ?? []).find((variant) =>
      selection.every(([code, value]) => variant?.attributes?.some((a) => a?.code === code && a.value_index === value)),
    );
    if (matching?.product?.small_image?.url) return matching.product.small_image.url;
  }
  return item.product.small_image?.url ?? null;
}

/** The attribute code of a saved option value (`color`, `size`), from the frame's options. */
const attributeCodeOf = (item: WishlistItem, valueUid: string) =>
  item.product.configurable_options?.find((o) => o?.values?.some((v) => v?.uid === valueUid))?.attribute_code ?? null;

const queryOf = (selection: Record<string, number>) => {
  const query = new URLSearchParams(Object.entries(selection).map(([code, value]) => [code, String(value)])).toString();
  return query ? `?${query}` : '';
};

/** A frame is fitted with lenses: it goes to the cart through the lens wizard; anything else goes directly. */
export const isFrame = (item: WishlistItem) => (item.product.configurable_options?.length ?? 0) > 0;

/**
 * One wishlist item: the picture of the colour saved (a frame saved without one: the
 * frame's picture and "Choose a colour"), its name, options, price in the store view's currency and stock; "Add to cart" (a frame opens the lens wizard with its colour and
 * size, a plain product is moved by the wishlist machine) and "Remove". A failed action leaves the
 * item with a plain message beside it.
 */
export function WishlistItemCard({ item }: { item: WishlistItem }) {
  const intl = useIntl();
  const wishlist = useWishlistActor();
  const busy = useSelector(wishlist, selectBusyWishlistItem);
  const failure = useSelector(wishlist, (s: WishlistSnapshot) => selectWishlistItemError(s, item.id));
  const removalAsked = useSelector(wishlist, selectWishlistRemovalAsked);
  const shown = item.configured_variant ?? item.product;
  const image = pictureOf(item);
  const price = (item.configured_variant?.price_range ?? item.product.price_range)?.minimum_price.final_price ?? null;
  const inStock = (shown.stock_status ?? item.product.stock_status) !== 'OUT_OF_STOCK';
  const query = queryOf(savedSelectionOf(item));
  const name = item.product.name;
  const options = (item.configurable_options ?? []).flatMap((o) => (o ? [o] : []));
  const acting = busy?.itemId === item.id ? busy.action : null;
  const describedBy = `wishlist-item-${item.id}`;
  // A frame saved without a colour shows the frame's own picture and asks for one (the lens wizard does).
  const needsColour = isFrame(item) && !options.some((o) => attributeCodeOf(item, o.configurable_product_option_value_uid) === 'color');
  const failureText = (action: WishlistItemAction) =>
    action === 'remove'
      ? intl.formatMessage(
          { id: 'wishlist.item.removeFailed', defaultMessage: 'This item could not be removed: {reason}' },
          { reason: shopperMessageOf(failure!.error, intl) },
        )
      : intl.formatMessage(
          { id: 'wishlist.item.addToCartFailed', defaultMessage: 'This item could not be added to your cart: {reason}' },
          { reason: shopperMessageOf(failure!.error, intl) },
        );

  return (
    <li className={styles.item} aria-busy={acting !== null || undefined}>
      {image ? <ProductImage src={image} alt="" sizes="(min-width: 640px) 16rem, 100vw" className={styles.image} /> : null}
      <div className={styles.body}>
        <Link to={`/${item.product.url_key ?? ''}.html${query}`} id={describedBy} className={styles.name}>
          {name}
        </Link>
        {options.length || needsColour ? (
          <p className={styles.options}>
            {needsColour ? <FormattedMessage id="wishlist.item.chooseColour" defaultMessage="Choose a colour" /> : null}
            {options.map((o, index) => (
              <span key={o.configurable_product_option_value_uid}>
                {index > 0 || needsColour ? ' · ' : null}
                {/* ADR 031: the backend's store-view label ("Colour" in Canada, "Color" in the US), as the product page's. */}
                {o.option_label}: {o.value_label}
              </span>
            ))}
          </p>
        ) : null}
        <p className={styles.priceLine}>
          {price?.value !== null && price?.value !== undefined && price.currency ? (
            <Price value={price.value} currency={price.currency} className={styles.price} />
          ) : null}
          <span className={inStock ? styles.inStock : styles.outOfStock}>
            {inStock ? (
              <FormattedMessage id="wishlist.item.inStock" defaultMessage="In stock" />
            ) : (
              <FormattedMessage id="wishlist.item.outOfStock" defaultMessage="Out of stock" />
            )}
          </span>
        </p>
        <div className={styles.actions}>
          {!inStock ? (
            <Button priority="high" disabled aria-describedby={describedBy}>
              <FormattedMessage id="wishlist.item.addToCart" defaultMessage="Add to cart" />
            </Button>
          ) : isFrame(item) ? (
            // A frame goes to the cart with lenses: the wizard opens on the colour and size saved.
            <Link to={`/customize/${item.product.url_key ?? ''}${query}`} className={buttonClassName({ priority: 'high' })} aria-describedby={describedBy}>
              <FormattedMessage id="wishlist.item.addToCart" defaultMessage="Add to cart" />
            </Link>
          ) : (
            <Button
              priority="high"
              disabled={busy !== null}
              aria-describedby={describedBy}
              onClick={() => wishlist.send({ type: 'wishlist.item.addToCart', itemId: item.id })}
            >
              {acting === 'addToCart'
                ? intl.formatMessage({ id: 'wishlist.item.addingToCart', defaultMessage: 'Adding…' })
                : intl.formatMessage({ id: 'wishlist.item.addToCart', defaultMessage: 'Add to cart' })}
            </Button>
          )}
          {removalAsked === item.id ? (
            <WishlistRemovalQuestion describedBy={describedBy} />
          ) : (
            <Button
              priority="low"
              negative
              disabled={busy !== null}
              aria-describedby={describedBy}
              onClick={() => wishlist.send({ type: 'wishlist.item.remove', itemId: item.id })}
            >
              {acting === 'remove'
                ? intl.formatMessage({ id: 'wishlist.item.removing', defaultMessage: 'Removing…' })
                : intl.formatMessage({ id: 'wishlist.item.remove', defaultMessage: 'Remove' })}
            </Button>
          )}
        </div>
        {failure ? (
          <p role="alert" className={styles.error}>
            {failureText(failure.action)}
          </p>
        ) : null}
      </div>
    </li>
  );
}
