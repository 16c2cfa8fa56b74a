import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { alertSubscribePath } from '../../services/alerts/alert-links';
import { buttonClassName } from '../shared/button';

export interface ProductAlertButtonProps {
  /** The product to watch: a simple frame, or the chosen variant of a configurable one. */
  sku: string;
  /** The configurable frame of a variant: the confirmation links back to its page. */
  parentSku?: string | null;
  /** The product's name, added after the visible words so the control says what it is for out of context. */
  productName?: string;
  className?: string;
}

/**
 * "Notify me" for a product that is out of stock (spec §2 /stock). A link, not a form: a shopper
 * who is not signed in goes through /sign-in and comes back to finish subscribing.
 */
export function StockAlertButton({ sku, parentSku, productName, className }: ProductAlertButtonProps) {
  const intl = useIntl();
  return (
    <Link
      to={alertSubscribePath('STOCK', sku, parentSku)}
      className={buttonClassName({ priority: 'normal' }, className)}
      aria-label={
        productName
          ? intl.formatMessage({ id: 'alerts.stock.buttonFor', defaultMessage: 'Notify me when back in stock: {product}' }, { product: productName })
          : undefined
      }
    >
      {intl.formatMessage({ id: 'alerts.stock.button', defaultMessage: 'Notify me when back in stock' })}
    </Link>
  );
}

/** "Notify me of a price drop" (spec §2 /price). */
export function PriceAlertButton({ sku, parentSku, productName, className }: ProductAlertButtonProps) {
  const intl = useIntl();
  return (
    <Link
      to={alertSubscribePath('PRICE', sku, parentSku)}
      className={buttonClassName({ priority: 'low' }, className)}
      aria-label={
        productName
          ? intl.formatMessage({ id: 'alerts.price.buttonFor', defaultMessage: 'Notify me of a price drop: {product}' }, { product: productName })
          : undefined
      }
    >
      {intl.formatMessage({ id: 'alerts.price.button', defaultMessage: 'Notify me of a price drop' })}
    </Link>
  );
}
