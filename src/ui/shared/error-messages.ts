import { defineMessages } from 'react-intl';

/** The shopper-facing wording of spec §8. */
export const errorMessages = defineMessages({
  notFound: { id: 'error.notFound', defaultMessage: "Looks like the page you were hoping to find doesn't exist. Sorry about that." },
  generic: { id: 'error.generic', defaultMessage: 'Something went wrong. Sorry about that.' },
});
