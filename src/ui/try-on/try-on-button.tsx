import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { buttonClassName, type ButtonLook } from '../shared/button';

/** The try-on page's path for a frame (`?sku=` preselects it; a parent or a variant sku). */
export function tryOnPath(sku?: string | null): string {
  return sku ? `/try-on-glasses?sku=${encodeURIComponent(sku)}` : '/try-on-glasses';
}

export interface TryOnButtonProps extends ButtonLook {
  /** The frame to try on first. */
  sku?: string | null;
  /** The frame's name, so the link says which frame it tries on. */
  productName?: string | null;
  className?: string;
}

/** "Try on" link for product pages and listings: opens the try-on page with this frame chosen. */
export function TryOnButton({ sku, productName, priority = 'normal', negative, className }: TryOnButtonProps) {
  return (
    <Link to={tryOnPath(sku)} className={buttonClassName({ priority, negative }, className)}>
      {productName ? (
        <FormattedMessage id="tryOn.button.named" defaultMessage="Try on {name}" values={{ name: productName }} />
      ) : (
        <FormattedMessage id="tryOn.button" defaultMessage="Try on" />
      )}
    </Link>
  );
}
