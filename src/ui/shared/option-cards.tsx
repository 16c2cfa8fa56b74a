import { useId, type ReactNode } from 'react';
import styles from './option-cards.module.css';

/** One choice shown as a card: a title, a one-line explanation, and what it costs. */
export interface OptionCardChoice<V extends string = string> {
  value: V;
  title: ReactNode;
  /** What the choice does, in one line (or why it cannot be chosen now). */
  detail?: ReactNode;
  /** Its price or price difference, e.g. `<PriceDifferenceText …/>`. */
  price?: ReactNode;
  /** The choice cannot be made now: the card is greyed out and its detail says why. */
  disabled?: boolean;
  /** A short mark above the title, e.g. "Recommended for your prescription" (read with the description). */
  badge?: ReactNode;
}

interface OptionCardProps extends OptionCardChoice {
  type: 'radio' | 'checkbox';
  name: string;
  checked: boolean;
  onChange: () => void;
}

/**
 * A card around a native radio or checkbox: the whole card is its label, the title its accessible
 * name, and the explanation with the price its description (read after the name by screen readers).
 * Native inputs keep the platform's keyboard: arrows move within a radio group, Space toggles a box.
 */
export function OptionCard({ type, name, value, checked, onChange, title, detail, price, disabled = false, badge }: OptionCardProps) {
  const id = useId();
  const described = [badge ? `${id}-badge` : null, detail ? `${id}-detail` : null, price ? `${id}-price` : null].filter(Boolean).join(' ');
  return (
    <label className={styles.card} data-disabled={disabled || undefined} data-checked={checked || undefined}>
      <input
        className={styles.input}
        type={type}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-labelledby={`${id}-title`}
        aria-describedby={described || undefined}
        onChange={onChange}
      />
      <span className={styles.text}>
        {badge ? (
          <span id={`${id}-badge`} className={styles.badge}>
            {badge}
          </span>
        ) : null}
        <span id={`${id}-title`} className={styles.title}>
          {title}
        </span>
        {detail ? (
          <span id={`${id}-detail`} className={styles.detail}>
            {detail}
          </span>
        ) : null}
      </span>
      {price ? (
        <span id={`${id}-price`} className={styles.price}>
          {price}
        </span>
      ) : null}
    </label>
  );
}

interface CardGroupProps<V extends string> {
  /** The group's name for assistive technology (a fieldset legend). */
  legend: string;
  /** Show the legend as a heading above the cards, or keep it for screen readers only (the step's title says it). */
  showLegend?: boolean;
  /** Short choices (a colour, a size): narrower cards, several to a row even on a phone. */
  compact?: boolean;
  choices: OptionCardChoice<V>[];
}

/** One of several choices as cards (a radio group: Tab enters it at the chosen card, arrows move and choose). */
export function RadioCards<V extends string>({
  name,
  legend,
  showLegend = false,
  compact = false,
  choices,
  chosen,
  onChoose,
}: CardGroupProps<V> & { name: string; chosen: V | null; onChoose: (value: V) => void }) {
  return (
    <fieldset className={compact ? `${styles.group} ${styles.compact}` : styles.group}>
      <legend className={showLegend ? styles.legend : 'visually-hidden'}>{legend}</legend>
      {choices.map((choice) => (
        <OptionCard key={choice.value} {...choice} type="radio" name={name} checked={chosen === choice.value} onChange={() => onChoose(choice.value)} />
      ))}
    </fieldset>
  );
}

/** Any number of choices as cards (checkboxes: Tab moves between them, Space toggles). */
export function CheckboxCards<V extends string>({
  name,
  legend,
  showLegend = false,
  choices,
  chosen,
  onToggle,
}: CardGroupProps<V> & { name: string; chosen: readonly V[]; onToggle: (value: V) => void }) {
  return (
    <fieldset className={styles.group}>
      <legend className={showLegend ? styles.legend : 'visually-hidden'}>{legend}</legend>
      {choices.map((choice) => (
        <OptionCard
          key={choice.value}
          {...choice}
          type="checkbox"
          name={name}
          checked={chosen.includes(choice.value)}
          onChange={() => onToggle(choice.value)}
        />
      ))}
    </fieldset>
  );
}
