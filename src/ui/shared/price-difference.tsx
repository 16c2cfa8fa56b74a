import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { PriceDifference } from '../../machines/customise/customise-choices';

const money = (amount: number, currency: string) => <FormattedNumber value={amount} style="currency" currency={currency} />;

/** A choice's price on its card: "Included", "+ $40.00" (its price, or that much more than the current choice), "− $20.00", "Same price". */
export function PriceDifferenceText({ difference, currency }: { difference: PriceDifference; currency: string }) {
  switch (difference.kind) {
    case 'included':
      return <FormattedMessage id="eyewear.customise.included" defaultMessage="Included" />;
    case 'same':
      return <FormattedMessage id="eyewear.customise.price.same" defaultMessage="Same price" />;
    case 'added':
    case 'more':
      return <FormattedMessage id="eyewear.customise.price.more" defaultMessage="+ {price}" values={{ price: money(difference.amount, currency) }} />;
    case 'less':
      return <FormattedMessage id="eyewear.customise.price.less" defaultMessage="− {price}" values={{ price: money(difference.amount, currency) }} />;
  }
}
