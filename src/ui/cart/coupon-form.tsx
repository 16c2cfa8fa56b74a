import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { selectCouponError, selectIsChangingCoupon } from '../../machines/cart/cart.machine';
import { Button } from '../shared/button';
import styles from './coupon-form.module.css';
import { useCartActor } from '../app/shop-actor-hooks';
import { shopperMessageOf } from '../shared/shopper-message';

export interface CouponFormProps {
  appliedCodes: readonly string[];
  /** A cart call is running. */
  busy: boolean;
}

/**
 * Apply a coupon code, or remove the applied one (spec §3 applied_coupons): the cart machine runs
 * the call and keeps the refusal; what was typed stays in the field, the reason next to it.
 */
export function CouponForm({ appliedCodes, busy }: CouponFormProps) {
  const intl = useIntl();
  const inputId = useId();
  const errorId = useId();
  const cart = useCartActor();
  const [code, setCode] = useState('');
  const error = useSelector(cart, selectCouponError);
  const changing = useSelector(cart, selectIsChangingCoupon);
  const working = busy || changing;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) cart.send({ type: 'cart.applyCoupon', code });
  };
  const removeApplied = () => cart.send({ type: 'cart.removeCoupon' });

  if (appliedCodes.length) {
    return (
      <div className={styles.coupon}>
        <p className={styles.applied}>
          <FormattedMessage id="cart.coupon.applied" defaultMessage="Coupon {code} applied" values={{ code: <strong>{appliedCodes.join(', ')}</strong> }} />
        </p>
        <Button priority="low" disabled={working} onClick={removeApplied}>
          <FormattedMessage id="cart.coupon.remove" defaultMessage="Remove coupon" />
        </Button>
        {error ? (
          <p role="alert" className={styles.error}>
            {shopperMessageOf(error, intl)}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <form className={styles.coupon} onSubmit={submit}>
      <label htmlFor={inputId} className={styles.label}>
        <FormattedMessage id="cart.coupon.label" defaultMessage="Coupon code" />
      </label>
      <div className={styles.row}>
        <input
          id={inputId}
          className={styles.input}
          value={code}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" disabled={working || !code.trim()}>
          {changing
            ? intl.formatMessage({ id: 'cart.coupon.applying', defaultMessage: 'Applying…' })
            : intl.formatMessage({ id: 'cart.coupon.apply', defaultMessage: 'Apply' })}
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className={styles.error}>
          {shopperMessageOf(error, intl)}
        </p>
      ) : null}
    </form>
  );
}
