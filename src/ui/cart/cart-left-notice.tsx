import { useQuery } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { selectCartLeft } from '../../machines/store-view/cart-left';
import { GET_AVAILABLE_STORES } from '../../services/store-view/store-view.operations';
import { useShopActors } from '../app/shop-actors';
import { Button } from '../shared/button';
import styles from './cart-left-notice.module.css';

/**
 * Each store view has its own cart (spec §9: the cart id key carries the store code): after a switch
 * from a view whose cart held items, this view's cart says where that cart stayed, with the way back
 * to it (the store view machine's switch) and a way to dismiss the notice. It reads the machine's
 * record; the store view's name is the one the store switcher shows.
 */
export function CartLeftNotice() {
  const { storeView } = useShopActors();
  const cartLeft = useSelector(storeView, selectCartLeft);
  const { data } = useQuery(GET_AVAILABLE_STORES, { skip: !cartLeft });
  const location = useLocation();
  if (!cartLeft) return null;
  const store = data?.availableStores?.find((s) => s?.store_code === cartLeft.storeCode)?.store_name ?? cartLeft.storeCode.toUpperCase();
  return (
    <section role="status" className={styles.notice}>
      <p>
        <FormattedMessage
          id="cart.left.notice"
          defaultMessage="Your cart in {store} ({count, plural, one {# item} other {# items}}) stayed there: each store view keeps its own cart."
          values={{ store, count: cartLeft.itemCount }}
        />
      </p>
      <div className={styles.actions}>
        <Button
          priority="high"
          onClick={() => storeView.send({ type: 'storeView.switch', code: cartLeft.storeCode, path: location.pathname + location.search })}
        >
          <FormattedMessage id="cart.left.switchBack" defaultMessage="Switch back to {store}" values={{ store }} />
        </Button>
        <Button priority="low" onClick={() => storeView.send({ type: 'storeView.cartLeft.dismiss' })}>
          <FormattedMessage id="cart.left.dismiss" defaultMessage="Dismiss" />
        </Button>
      </div>
    </section>
  );
}
