import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import styles from './option-picker.module.css';
import type { ConfigurableOption } from './product-page.operations';

export interface OptionPickerProps {
  option: ConfigurableOption;
  title: string;
  selected: number | undefined;
  inStock: (valueIndex: number) => boolean;
  onSelect: (valueIndex: number) => void;
}

/**
 * One configurable option (colour, size) as a radio group: arrow keys move between values, the
 * colour swatches show their colour, values without stock in the current choice say so.
 */
export function OptionPicker({ option, title, selected, inStock, onSelect }: OptionPickerProps) {
  const name = useId();
  const values = (option.values ?? []).flatMap((v) => (v && v.value_index !== null ? [v as typeof v & { value_index: number }] : []));
  const chosen = values.find((v) => v.value_index === selected);
  return (
    <fieldset className={styles.picker}>
      <legend className={styles.legend}>
        {title}
        {chosen ? <span className={styles.chosen}>: {chosen.label}</span> : null}
      </legend>
      <div className={styles.values}>
        {values.map((v) => {
          const colour = v.swatch_data?.__typename === 'ColorSwatchData' ? v.swatch_data.value : null;
          const available = inStock(v.value_index);
          return (
            <label
              key={v.value_index}
              className={[styles.value, colour ? styles.colour : styles.text, available ? null : styles.unavailable].filter(Boolean).join(' ')}
            >
              <input type="radio" name={name} className={styles.input} checked={selected === v.value_index} onChange={() => onSelect(v.value_index)} />
              {colour ? <span className={styles.dot} style={{ background: colour }} aria-hidden="true" /> : null}
              <span className={colour ? 'visually-hidden' : styles.label}>{v.label}</span>
              {available ? null : (
                <span className="visually-hidden">
                  {' '}
                  <FormattedMessage id="product.optionOutOfStock" defaultMessage="(out of stock)" />
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
