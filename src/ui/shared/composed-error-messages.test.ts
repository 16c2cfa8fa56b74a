import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { MISSING_CART_ID, MISSING_EMAIL } from '../../machines/checkout/checkout.machine';
import { CART_NOT_READY } from '../../machines/customise/cart-outcome';
import { LINE_NOT_IN_CART } from '../../services/customise/customise.actors';
import { FIX_LINK_INVALID, SIGN_IN_FOR_PRESCRIPTIONS } from '../../services/customise/prescription-pages.actors';
import { NO_WISHLIST } from '../../services/wishlist/wishlist.actors';
import { COMPOSED, composedErrorOf } from './composed-error-messages';
import { shopperMessageOf } from './shopper-message';

const german = createIntl({
  locale: 'de-DE',
  messages: {
    'error.cart.notCreated': 'Der Warenkorb konnte nicht angelegt werden',
    'error.tryOn.pdImplausible': 'Die Messung ergab {mm} mm, außerhalb von {min}–{max} mm. Messen Sie erneut und schauen Sie dabei direkt in die Kamera.',
  },
});

describe("the shop's own failure sentences in the shopper's language (issue 13)", () => {
  it('knows the sentences the services and machines throw, word for word', () => {
    const known = COMPOSED.map(([pattern]) => pattern);
    for (const sentence of [MISSING_CART_ID, MISSING_EMAIL, CART_NOT_READY, LINE_NOT_IN_CART, FIX_LINK_INVALID, SIGN_IN_FOR_PRESCRIPTIONS, NO_WISHLIST]) {
      expect(known, sentence).toContain(sentence);
    }
  });

  it('"Unable to create cart" reads in the store view\'s language, never in English', () => {
    expect(shopperMessageOf(new Error('Unable to create cart'), german)).toBe('Der Warenkorb konnte nicht angelegt werden');
    expect(shopperMessageOf({ message: 'Unable to create cart' }, german)).not.toContain('Unable');
  });

  it('a try-on error keeps its values: the measured PD and the range', () => {
    expect(composedErrorOf('The measurement gave 91.5 mm, outside 50–80 mm. Hold the card flat.')?.values).toEqual({ mm: '91.5', min: '50', max: '80' });
    expect(shopperMessageOf(new RangeError('The measurement gave 91.5 mm, outside 50–80 mm. Hold the card flat.'), german)).toBe(
      'Die Messung ergab 91.5 mm, außerhalb von 50–80 mm. Messen Sie erneut und schauen Sie dabei direkt in die Kamera.',
    );
  });

  it("the face tracking's failure never shows the browser's words", () => {
    const english = createIntl({ locale: 'en-CA' });
    expect(shopperMessageOf('The face tracking could not be loaded: Failed to fetch', english)).toBe(
      'The face tracking could not be loaded. Check your connection and try again.',
    );
  });

  it("any other sentence is the server's, shown as it came (Magento words it in the store view's language)", () => {
    expect(composedErrorOf('Das Produkt ist nicht vorrätig.')).toBeNull();
    expect(shopperMessageOf({ message: 'Das Produkt ist nicht vorrätig.' }, german)).toBe('Das Produkt ist nicht vorrätig.');
  });
});
