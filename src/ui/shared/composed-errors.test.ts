import { createIntl } from 'react-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import { MISSING_CART_ID, MISSING_EMAIL } from '../../machines/checkout/checkout.context';
import { CART_NOT_READY } from '../../machines/customise/cart-outcome';
import { LINE_NOT_IN_CART } from '../../services/customise/customise.actors';
import { FIX_LINK_INVALID, SIGN_IN_FOR_PRESCRIPTIONS } from '../../services/customise/prescription-pages.actors';
import { COMPOSED_ERRORS } from '../../services/i18n/composed-errors';
import { composedErrorOf, loadMessages } from '../../services/i18n/messages';
import { NO_WISHLIST } from '../../services/wishlist/wishlist.actors';
import { composedErrorMessages } from './composed-error-words';
import { shopperMessageOf } from './shopper-message';

const english = createIntl({ locale: 'en-CA', onError: () => {} });

describe("the shop's own failure sentences in the shopper's language (issue 13)", () => {
  let german: ReturnType<typeof createIntl>;
  beforeAll(async () => {
    german = createIntl({ locale: 'de-DE', messages: await loadMessages('de-DE') });
  });

  it('knows the sentences the services and machines throw, word for word', () => {
    const ids = Object.fromEntries(Object.values(composedErrorMessages).map((w) => [w.defaultMessage, w.id]));
    for (const sentence of [MISSING_CART_ID, MISSING_EMAIL, CART_NOT_READY, LINE_NOT_IN_CART, FIX_LINK_INVALID, SIGN_IN_FOR_PRESCRIPTIONS, NO_WISHLIST]) {
      expect(composedErrorOf(sentence)?.id, sentence).toBe(ids[sentence]);
    }
  });

  it('each sentence has English words to translate, which are the sentence itself (its values as placeholders)', () => {
    const words = Object.values(composedErrorMessages);
    expect(new Set(COMPOSED_ERRORS.map(([, id]) => id))).toEqual(new Set(words.map((w) => w.id)));
    for (const { id, defaultMessage } of words) expect(composedErrorOf(String(defaultMessage).replace(/\{\w+\}/g, '12'))?.id, id).toBe(id);
  });

  it('"Unable to create cart" reads in the store view\'s language; an English store view shows the spec\'s words (spec §8)', () => {
    expect(shopperMessageOf(new Error('Unable to create cart'), german)).toBe('Der Warenkorb konnte nicht angelegt werden');
    expect(shopperMessageOf({ message: 'Unable to create cart' }, english)).toBe('Unable to create cart');
  });

  it('a try-on error keeps its values: the measured PD and the range', () => {
    const sentence = 'The measurement gave 91.5 mm, outside 50–80 mm. Hold the card flat.';
    expect(composedErrorOf(sentence)?.values).toEqual({ mm: '91.5', min: '50', max: '80' });
    expect(shopperMessageOf(new RangeError(sentence), german)).toMatch(/^Die Messung ergab 91.5 mm, außerhalb von 50–80 mm\./);
    expect(shopperMessageOf('The face tracking could not be loaded: Failed to fetch', german)).not.toMatch(/Failed|fetch|face/);
  });

  it("any other sentence is the server's, shown as it came (Magento words it in the store view's language)", () => {
    expect(composedErrorOf('Das Produkt ist nicht vorrätig.')).toBeNull();
    expect(shopperMessageOf({ message: 'Das Produkt ist nicht vorrätig.' }, german)).toBe('Das Produkt ist nicht vorrätig.');
  });
});
