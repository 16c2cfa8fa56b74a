import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { selectIsAddingItem, selectLastAddition, type CartSnapshot } from '../../machines/cart/cart.machine';
import type { CartItemToAdd } from '../../machines/cart/cart.types';
import { Button } from '../shared/button';
import styles from './add-to-cart-button.module.css';
import { useCartActor } from '../app/shop-actor-hooks';
import { shopperMessageOf } from '../shared/shopper-message';

export interface AddToCartButtonProps {
  /** What to add; null while the shopper still has to choose (colour, size, lenses). */
  item: CartItemToAdd | null;
  /** Said beside the disabled button when `item` is null, e.g. "Choose a colour and a size". */
  chooseFirstMessage?: string;
}

const selectCanAdd = (snapshot: CartSnapshot) => snapshot.can({ type: 'cart.addItem', item: { sku: '', quantity: 1 } });

/** The same item (frame, variant, options): the outcome the cart machine kept is about this button's item. */
const sameItem = (a: CartItemToAdd, b: CartItemToAdd) =>
  a.sku === b.sku && a.parentSku === b.parentSku && (a.selectedOptions ?? []).join() === (b.selectedOptions ?? []).join();

/**
 * "Add to cart" for the product page (spec §4 "Add item"): sends `cart.addItem`, says when the item
 * is being added, added, or refused (with the backend's reason). The outcome is the cart machine's
 * (`lastAddition`, also emitted and toasted there): this view only renders it.
 */
export function AddToCartButton({ item, chooseFirstMessage }: AddToCartButtonProps) {
  const intl = useIntl();
  const cart = useCartActor();
  const adding = useSelector(cart, selectIsAddingItem);
  const canAdd = useSelector(cart, selectCanAdd);
  const lastAddition = useSelector(cart, selectLastAddition);
  const outcome = item && lastAddition && sameItem(lastAddition.item, item) ? lastAddition : null;

  const add = () => {
    if (item) cart.send({ type: 'cart.addItem', item });
  };
  return (
    <div className={styles.addToCart}>
      <Button
        priority="high"
        onClick={add}
        disabled={!item || adding || !canAdd}
        aria-describedby={!item && chooseFirstMessage ? 'add-to-cart-hint' : undefined}
      >
        {adding
          ? intl.formatMessage({ id: 'cart.add.adding', defaultMessage: 'Adding…' })
          : intl.formatMessage({ id: 'cart.add.button', defaultMessage: 'Add to cart' })}
      </Button>
      {!item && chooseFirstMessage ? (
        <p id="add-to-cart-hint" className={styles.hint}>
          {chooseFirstMessage}
        </p>
      ) : null}
      <p role="status" className={styles.status}>
        {outcome?.outcome === 'added' ? (
          <>
            <FormattedMessage id="cart.add.added" defaultMessage="Added to your cart." />{' '}
            <Link to="/cart">
              <FormattedMessage id="cart.add.viewCart" defaultMessage="View cart" />
            </Link>
          </>
        ) : null}
      </p>
      {outcome?.outcome === 'failed' ? (
        <p role="alert" className={styles.error}>
          {shopperMessageOf(outcome.error, intl) ?? intl.formatMessage({ id: 'cart.add.failed', defaultMessage: 'This item could not be added to your cart.' })}
        </p>
      ) : null}
    </div>
  );
}
