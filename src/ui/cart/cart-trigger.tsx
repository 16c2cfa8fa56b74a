import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { selectDrawer } from '../../machines/app/app.machine';
import { selectIsLoading, selectNumItems } from '../../machines/cart/cart.machine';
import styles from './cart-trigger.module.css';
import { useAppActor, useCartActor } from '../app/shop-actor-hooks';
import { useBrowserSelector } from '../app/use-browser-selector';

// The drawer's code loads the first time it opens, not with the first page.
const MiniCart = lazy(async () => ({ default: (await import('./mini-cart')).MiniCart }));

const CART_DRAWER = 'cart';

/** The header's cart button: the number of items, and the mini cart drawer it opens. */
export function CartTrigger() {
  const intl = useIntl();
  const app = useAppActor();
  const cart = useCartActor();
  // The server renders an empty cart: the shopper's own count comes with hydration.
  const count = useBrowserSelector(cart, selectNumItems, 0);
  const loading = useBrowserSelector(cart, selectIsLoading, false);
  const open = useSelector(app, selectDrawer) === CART_DRAWER;
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={intl.formatMessage({ id: 'cart.trigger', defaultMessage: 'Cart, {count, plural, one {# item} other {# items}}' }, { count })}
        onClick={() => app.send({ type: 'app.drawer.toggle', name: CART_DRAWER })}
      >
        <svg
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M6 7h12l-1 13H7z" />
          <path d="M9 7a3 3 0 0 1 6 0" />
        </svg>
        {count > 0 ? (
          <span className={styles.badge} aria-hidden="true" data-loading={loading || undefined}>
            {count}
          </span>
        ) : null}
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <MiniCart />
        </Suspense>
      ) : null}
    </>
  );
}
