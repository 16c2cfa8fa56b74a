import { useMutation } from '@apollo/client';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../shared/button';
import { APPLY_COUPON, REMOVE_COUPON } from './cart-page.operations';
import styles from './coupon-form.module.css';

export interface CouponFormProps {
  cartId: string;
  appliedCodes: readonly string[];
  /** A cart call is running. */
  busy: boolean;
  /** The cart's details are refetched after a coupon changes the prices. */
  onChanged: () => void;
}

/** Apply a coupon code, or remove the applied one; a refused code stays in the field with the reason. */
export function CouponForm({ cartId, appliedCodes, busy, onChanged }: CouponFormProps) {
  const intl = useIntl();
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [apply, applying] = useMutation(APPLY_COUPON);
  const [remove, removing] = useMutation(REMOVE_COUPON);
  const error = applying.error ?? removing.error;
  const working = busy || applying.loading || removing.loading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return;
    removing.reset();
    try {
      await apply({ variables: { cartId, couponCode: trimmed } });
      setCode('');
      onChanged();
    } catch {
      // The refusal is shown from `applying.error`; what was typed stays in the field.
    }
  };
  const removeApplied = async () => {
    applying.reset();
    try {
      await remove({ variables: { cartId } });
      onChanged();
    } catch {
      // Shown from `removing.error`.
    }
  };

  if (appliedCodes.length) {
    return (
      <div className={styles.coupon}>
        <p className={styles.applied}>
          <FormattedMessage id="cart.coupon.applied" defaultMessage="Coupon {code} applied" values={{ code: <strong>{appliedCodes.join(', ')}</strong> }} />
        </p>
        <Button priority="low" disabled={working} onClick={() => void removeApplied()}>
          <FormattedMessage id="cart.coupon.remove" defaultMessage="Remove coupon" />
        </Button>
        {error ? (
          <p role="alert" className={styles.error}>
            {error.message}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <form className={styles.coupon} onSubmit={(event) => void submit(event)}>
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
          {applying.loading ? intl.formatMessage({ id: 'cart.coupon.applying', defaultMessage: 'Applying…' }) : intl.formatMessage({ id: 'cart.coupon.apply', defaultMessage: 'Apply' })}
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className={styles.error}>
          {error.message}
        </p>
      ) : null}
    </form>
  );
}
