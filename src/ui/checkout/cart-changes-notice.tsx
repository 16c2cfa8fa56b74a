import { defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { CartChanges } from '../../machines/checkout/cart-changes';
import styles from './checkout-page.module.css';

type ChangeWords = 'since' | 'line' | 'added' | 'removed' | 'quantity' | 'options' | 'total' | 'nothingOrdered';
const words: Record<ChangeWords, MessageDescriptor> = defineMessages({
  since: { id: 'checkout.changes.since', defaultMessage: 'Since you reviewed it:' },
  line: { id: 'checkout.changes.line', defaultMessage: '{name} (quantity {quantity, number})' },
  added: { id: 'checkout.changes.added', defaultMessage: '{count, plural, one {{lines} was added.} other {{lines} were added.}}' },
  removed: { id: 'checkout.changes.removed', defaultMessage: '{count, plural, one {{lines} was removed.} other {{lines} were removed.}}' },
  quantity: { id: 'checkout.changes.quantity', defaultMessage: 'The quantity of {name} went from {from, number} to {to, number}.' },
  options: { id: 'checkout.changes.options', defaultMessage: 'The colour, size, lenses or prescription of {name} changed.' },
  total: { id: 'checkout.changes.total', defaultMessage: 'The total went from {from} to {to}.' },
  nothingOrdered: { id: 'checkout.changes.nothingOrdered', defaultMessage: 'Nothing was ordered: check the cart and place the order again.' },
});

const money = (intl: IntlShape, amount: { currency: string; value: number }) =>
  intl.formatNumber(amount.value, { style: 'currency', currency: amount.currency });

/** Each change as a sentence of the store view's language, lines named in its list form (ADR 019). */
export function cartChangeSentences(changes: CartChanges, intl: IntlShape): string[] {
  const lines = (group: CartChanges['added']) =>
    intl.formatList(
      group.map((line) => intl.formatMessage(words.line, line)),
      { type: 'conjunction' },
    );
  return [
    ...(changes.added.length ? [intl.formatMessage(words.added, { count: changes.added.length, lines: lines(changes.added) })] : []),
    ...(changes.removed.length ? [intl.formatMessage(words.removed, { count: changes.removed.length, lines: lines(changes.removed) })] : []),
    ...changes.quantities.map((change) => intl.formatMessage(words.quantity, change)),
    ...changes.options.map((change) => intl.formatMessage(words.options, change)),
    ...(changes.total ? [intl.formatMessage(words.total, { from: money(intl, changes.total.from), to: money(intl, changes.total.to) })] : []),
  ];
}

/**
 * ADR 039: the order was refused because the cart changed since the shopper reviewed it; the review
 * shows the new cart and, here, what changed (the checkout machine's `cartChanges`), and that nothing
 * was ordered. Announced as the order step's error.
 */
export function CartChangesNotice({ id, changes }: { id: string; changes: CartChanges }) {
  const intl = useIntl();
  return (
    <div id={id} role="alert" className={styles.stepError}>
      <p className={styles.changesLine}>{intl.formatMessage(words.since)}</p>
      <ul className={styles.changesList}>
        {cartChangeSentences(changes, intl).map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
      <p className={styles.changesLine}>{intl.formatMessage(words.nothingOrdered)}</p>
    </div>
  );
}
