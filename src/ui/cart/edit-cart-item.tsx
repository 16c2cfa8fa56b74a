import { useQuery } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { selectEditingItem } from '../../machines/cart/cart.machine';
import type { CartItem } from '../../machines/cart/cart.types';
import { Button } from '../shared/button';
import { ModalDrawer } from '../shared/modal-drawer';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import { GET_EDITABLE_PRODUCT, type EditableOption, type EditableProduct } from './cart-page.operations';
import styles from './edit-cart-item.module.css';
import { useCartActor } from '../app/shop-actor-hooks';
import { shopperMessageOf } from '../shared/shopper-message';
import { CancelButton } from '../shared/cancel-button';

/** The cart line being edited (spec §4 begin/end edit item): change its colour or size. */
export function EditCartItem() {
  const cart = useCartActor();
  const item = useSelector(cart, selectEditingItem);
  const intl = useIntl();
  const close = () => cart.send({ type: 'cart.endEditItem' });
  return (
    <ModalDrawer
      open={item !== null}
      onClose={close}
      side="right"
      title={intl.formatMessage({ id: 'cart.edit.title', defaultMessage: 'Edit {name}' }, { name: item?.product.name ?? '' })}
    >
      {item ? <EditForm key={item.uid} item={item} onDone={close} /> : null}
    </ModalDrawer>
  );
}

const valueIndexOf = (item: CartItem, option: EditableOption) =>
  item.configurable_options?.find((chosen) => chosen.configurable_product_option_uid === option.uid || chosen.option_label === option.label)?.value_id ?? null;

function EditForm({ item, onDone }: { item: CartItem; onDone: () => void }) {
  const cart = useCartActor();
  const intl = useIntl();
  const { data, loading, error } = useQuery(GET_EDITABLE_PRODUCT, { variables: { sku: item.product.sku } });
  const product: EditableProduct | null = data?.products?.items?.find((p) => p?.sku === item.product.sku) ?? null;
  const options = (product?.configurable_options ?? []).filter((o): o is EditableOption => o !== null && o.attribute_code !== null);
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const valueOf = (option: EditableOption) => chosen[option.attribute_code!] ?? valueIndexOf(item, option);
  const variant =
    (product?.variants ?? []).find((v) =>
      options.every((option) => v?.attributes?.some((a) => a?.code === option.attribute_code && a.value_index === valueOf(option))),
    ) ?? null;
  const inStock = variant?.product?.stock_status === 'IN_STOCK';

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!variant?.product?.sku) return;
    const selectedOptions = options.flatMap((option) => option.values?.find((v) => v?.value_index === valueOf(option))?.uid ?? []);
    // Spec §4: a configurable line is removed and re-added with the new colour and size; the cart
    // machine re-adds every custom option of the line with it (lenses, prescription, uploaded file).
    cart.send({
      type: 'cart.updateItem',
      update: {
        itemUid: item.uid,
        quantity: item.quantity,
        isConfigurable: true,
        keepLineOptions: true,
        item: { sku: variant.product.sku, parentSku: item.product.sku, quantity: item.quantity, selectedOptions },
      },
    });
    onDone();
  };

  if (loading && !product) {
    return (
      <LoadingRegion label={intl.formatMessage({ id: 'cart.edit.loading', defaultMessage: 'Loading the options…' })}>
        <Shimmer type="textInput" width="100%" />
        <Shimmer type="textInput" width="100%" style={{ marginTop: '1rem' }} />
      </LoadingRegion>
    );
  }
  if (!product || error) {
    return (
      <p role="alert">
        {shopperMessageOf(error, intl) ?? intl.formatMessage({ id: 'cart.edit.unavailable', defaultMessage: 'This frame’s options could not be loaded.' })}
      </p>
    );
  }
  return (
    <form className={styles.form} onSubmit={save}>
      {options.map((option) => (
        <label key={option.uid} className={styles.field}>
          <span className={styles.label}>{option.label}</span>
          <select
            className={styles.select}
            value={String(valueOf(option) ?? '')}
            onChange={(event) => setChosen((current) => ({ ...current, [option.attribute_code!]: Number(event.target.value) }))}
          >
            {(option.values ?? []).flatMap((value) =>
              value ? (
                <option key={value.uid} value={String(value.value_index)}>
                  {value.label}
                </option>
              ) : (
                []
              ),
            )}
          </select>
        </label>
      ))}
      {!inStock ? (
        <p role="status" className={styles.unavailable}>
          <FormattedMessage id="cart.edit.outOfStock" defaultMessage="This combination is out of stock." />
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" priority="high" disabled={!inStock}>
          <FormattedMessage id="cart.edit.save" defaultMessage="Update cart" />
        </Button>
        <CancelButton onClick={onDone} />
      </div>
    </form>
  );
}
