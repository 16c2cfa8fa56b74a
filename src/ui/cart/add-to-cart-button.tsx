import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { selectAddItemError, selectIsAddingItem, type CartSnapshot } from '../../machines/cart/cart.machine';
import type { CartItemToAdd } from '../../machines/cart/cart.types';
import { Button } from '../shared/button';
import styles from './add-to-cart-button.module.css';
import { useCartActor } from './shop-actor-hooks';

export interface AddToCartButtonProps {
  /** What to add; null while the shopper still has to choose (colour, size, lenses). */
  item: CartItemToAdd | null;
  /** Said beside the disabled button when `item` is null, e.g. "Choose a colour and a size". */
  chooseFirstMessage?: string;
}

const selectCanAdd = (snapshot: CartSnapshot) => snapshot.can({ type: 'cart.addItem', item: { sku: '', quantity: 1 } });

/**
 * "Add to cart" for the product page (spec §4 "Add item"): sends `cart.addItem`, says when the item
 * is being added, added, or refused (with the backend's reason).
 */
export function AddToCartButton({ item, chooseFirstMessage }: AddToCartButtonProps) {
  const intl = useIntl();
  const cart = useCartActor();
  const adding = useSelector(cart, selectIsAddingItem);
  const canAdd = useSelector(cart, selectCanAdd);
  const error = useSelector(cart, selectAddItemError);
  const [outcome, setOutcome] = useState<'idle' | 'requested' | 'done'>('idle');
  const wasAdding = useRef(false);
  useEffect(() => {
    if (wasAdding.current && !adding && outcome === 'requested') setOutcome('done');
    wasAdding.current = adding;
  }, [adding, outcome]);

  const add = () => {
    if (!item) return;
    setOutcome('requested');
    cart.send({ type: 'cart.addItem', item });
  };
  return (
    <div className={styles.addToCart}>
      <Button priority="high" onClick={add} disabled={!item || adding || !canAdd} aria-describedby={!item && chooseFirstMessage ? 'add-to-cart-hint' : undefined}>
        {adding ? intl.formatMessage({ id: 'cart.add.adding', defaultMessage: 'Adding…' }) : intl.formatMessage({ id: 'cart.add.button', defaultMessage: 'Add to cart' })}
      </Button>
      {!item && chooseFirstMessage ? (
        <p id="add-to-cart-hint" className={styles.hint}>
          {chooseFirstMessage}
        </p>
      ) : null}
      <p role="status" className={styles.status}>
        {outcome === 'done' && !error ? (
          <>
            <FormattedMessage id="cart.add.added" defaultMessage="Added to your cart." />{' '}
            <Link to="/cart">
              <FormattedMessage id="cart.add.viewCart" defaultMessage="View cart" />
            </Link>
          </>
        ) : null}
      </p>
      {outcome === 'done' && error ? (
        <p role="alert" className={styles.error}>
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
