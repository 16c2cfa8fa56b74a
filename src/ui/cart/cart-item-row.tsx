import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { CartItem } from '../../machines/cart/cart.types';
import { Price } from '../shared/price';
import { ProductImage } from '../shared/product-image';
import type { CartItemLensOption } from './cart-page.operations';
import styles from './cart-item-row.module.css';
import { cartItemProductPath, isConfigurableLine, lensOptionLinesOf, shownLinePrices } from './cart-line';
import { LensOptionRow } from './lens-option-value';
import { shopperMessageOf } from '../shared/shopper-message';

export interface CartItemRowProps {
  item: CartItem;
  lensOptions: readonly CartItemLensOption[];
  /** A cart call is running: the controls wait for it. */
  busy: boolean;
  /** This very line is being changed. */
  changing: boolean;
  /** The quantity can be changed (the cart page): without it the line shows its quantity as text. */
  onQuantityChange?: (quantity: number) => void;
  /** The line can be removed (cart page, mini cart); the checkout's summary only lists it. */
  onRemove?: () => void;
  /** Colour and size can be changed (configurable frames). */
  onEdit?: () => void;
  /** The mini cart lists lines without quantity controls. */
  compact?: boolean;
  /** The store view shows cart prices with their tax (ADR 040): the line's unit price and row total include it. */
  pricesIncludeTax?: boolean;
}

/** One cart line: image, name, colour/size and lens choices, price, quantity, row total, its errors. */
export function CartItemRow({
  item,
  lensOptions,
  busy,
  changing,
  onQuantityChange,
  onRemove,
  onEdit,
  compact = false,
  pricesIncludeTax = false,
}: CartItemRowProps) {
  const intl = useIntl();
  const { product } = item;
  // ADR 040: where the store view shows cart prices with their tax, the line shows them so, as its totals do.
  const prices = shownLinePrices(item.prices, pricesIncludeTax);
  // A configurable line shows the colour the shopper chose, not the parent frame's first picture.
  const variant = item.configured_variant;
  const image = variant?.thumbnail?.url ?? variant?.small_image?.url ?? product.thumbnail?.url ?? product.small_image?.url ?? null;
  const currency = item.prices?.price.currency;
  const errors = (item.errors ?? []).filter(Boolean);
  const errorId = `cart-item-errors-${item.uid}`;
  return (
    <li className={[styles.row, compact ? styles.compact : null].filter(Boolean).join(' ')} aria-busy={changing || undefined}>
      {image ? (
        <ProductImage className={styles.image} src={image} alt="" sizes={compact ? '64px' : '(min-width: 640px) 120px, 80px'} />
      ) : (
        <span className={styles.image} />
      )}
      <div className={styles.body}>
        <Link to={cartItemProductPath(item)} className={styles.name}>
          {product.name}
        </Link>
        <dl className={styles.options}>
          {(item.configurable_options ?? []).map((option) => (
            <div key={option.configurable_product_option_uid} className={styles.option}>
              <dt>{option.option_label}</dt>
              <dd>{option.value_label}</dd>
            </div>
          ))}
          {lensOptionLinesOf(lensOptions).map((option) => (
            <LensOptionRow key={option.label} label={option.label} value={option.value} className={styles.option} />
          ))}
        </dl>
        {prices && currency ? (
          <p className={styles.unitPrice}>
            <FormattedMessage id="cart.item.unitPrice" defaultMessage="{price} each" values={{ price: <Price value={prices.price} currency={currency} /> }} />
          </p>
        ) : null}
        {errors.length ? (
          <ul id={errorId} className={styles.errors}>
            {errors.map((error) => (
              <li key={`${error.code}-${error.message}`}>{shopperMessageOf(error.message, intl)}</li>
            ))}
          </ul>
        ) : null}
        {compact || !onQuantityChange ? (
          <div className={styles.actions}>
            <p className={styles.quantityText}>
              <FormattedMessage id="cart.item.quantityText" defaultMessage="Quantity: {quantity}" values={{ quantity: item.quantity }} />
            </p>
            {onRemove ? (
              <button type="button" className={styles.textButton} disabled={busy} onClick={onRemove}>
                <FormattedMessage id="cart.item.remove" defaultMessage="Remove" />
                <span className="visually-hidden"> {product.name}</span>
              </button>
            ) : null}
          </div>
        ) : (
          <div className={styles.actions}>
            <QuantityStepper
              quantity={item.quantity}
              label={intl.formatMessage({ id: 'cart.item.quantityOf', defaultMessage: 'Quantity of {name}' }, { name: product.name })}
              disabled={busy}
              describedBy={errors.length ? errorId : undefined}
              onChange={onQuantityChange}
            />
            {onEdit && isConfigurableLine(item) ? (
              <button type="button" className={styles.textButton} disabled={busy} onClick={onEdit}>
                <FormattedMessage id="cart.item.edit" defaultMessage="Edit" />
                <span className="visually-hidden"> {product.name}</span>
              </button>
            ) : null}
            {lensOptions.length ? (
              <Link to={`/customize/${product.url_key ?? ''}?edit=${encodeURIComponent(item.uid)}`} className={styles.textButton}>
                <FormattedMessage id="cart.item.changeLenses" defaultMessage="Change lenses or prescription" />
                <span className="visually-hidden"> {product.name}</span>
              </Link>
            ) : null}
            <button type="button" className={styles.textButton} disabled={busy} onClick={onRemove}>
              <FormattedMessage id="cart.item.remove" defaultMessage="Remove" />
              <span className="visually-hidden"> {product.name}</span>
            </button>
          </div>
        )}
      </div>
      {prices && currency ? (
        <p className={styles.rowTotal}>
          <span className="visually-hidden">
            <FormattedMessage id="cart.item.rowTotal" defaultMessage="Total" />{' '}
          </span>
          <Price value={prices.rowTotal} currency={currency} />
        </p>
      ) : null}
    </li>
  );
}

interface QuantityStepperProps {
  quantity: number;
  label: string;
  disabled: boolean;
  describedBy?: string;
  onChange: (quantity: number) => void;
}

/** − / number / +: the buttons change at once; a typed number is sent on Enter or when leaving the field. */
function QuantityStepper({ quantity, label, disabled, describedBy, onChange }: QuantityStepperProps) {
  const intl = useIntl();
  const [typed, setTyped] = useState<string | null>(null);
  const commit = () => {
    if (typed === null) return;
    const value = Number(typed);
    setTyped(null);
    if (Number.isInteger(value) && value >= 1 && value !== quantity) onChange(value);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };
  return (
    <form className={styles.stepper} onSubmit={submit}>
      <button
        type="button"
        className={styles.stepButton}
        disabled={disabled || quantity <= 1}
        aria-label={intl.formatMessage({ id: 'cart.item.decrease', defaultMessage: 'Decrease quantity' })}
        onClick={() => onChange(quantity - 1)}
      >
        −
      </button>
      <input
        className={styles.quantity}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        aria-label={label}
        aria-describedby={describedBy}
        value={typed ?? String(quantity)}
        disabled={disabled}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={commit}
      />
      <button
        type="button"
        className={styles.stepButton}
        disabled={disabled}
        aria-label={intl.formatMessage({ id: 'cart.item.increase', defaultMessage: 'Increase quantity' })}
        onClick={() => onChange(quantity + 1)}
      >
        +
      </button>
    </form>
  );
}
