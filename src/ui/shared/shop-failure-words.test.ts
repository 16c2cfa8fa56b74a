import { createIntl } from 'react-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import { ShopFailure, shopFailureMessage, type ShopFailureCode } from '../../machines/shared/shop-failure';
import { errorMessageOf } from '../../machines/shared/effects';
import { loadMessages } from '../../services/i18n/messages';
import { loadShopFailureWords } from './shop-failure-text';
import { shopFailureOf, shopFailureWords } from './shop-failure-words';
import { shopperMessageOf } from './shopper-message';

const english = createIntl({ locale: 'en-CA', messages: {}, onError: () => {} });
const PD = { mm: 91.5, min: 50, max: 80, method: 'iris' } as const;

describe("the shop's own failures: a code where they are thrown, their words once", () => {
  it('reads as nothing until its words have loaded (no wrong words flash), and asks for them', async () => {
    expect(shopperMessageOf(new ShopFailure('cartNotCreated'), english)).toBe('');
    await loadShopFailureWords();
    expect(shopperMessageOf(new ShopFailure('cartNotCreated'), english)).toBe('Unable to create cart');
  });

  it('a failure keeps its code and values through the text a machine keeps of it; any other text is not one', () => {
    const kept = errorMessageOf(new ShopFailure('pdImplausible', PD));
    expect(shopFailureOf(kept)).toEqual({ code: 'pdImplausible', values: PD });
    expect(shopFailureOf({ message: shopFailureMessage('noWishlist') })).toEqual({ code: 'noWishlist', values: {} });
    for (const other of [
      'Unable to create cart',
      'cartNotCreatedd',
      'cartNotCreated {oops',
      'Product that you are trying to add is not available.',
      '',
      null,
      12,
    ]) {
      expect(shopFailureOf(other), String(other)).toBeNull();
    }
    // A cart line's error carries Magento's code: it is the server's, not the shop's.
    expect(shopFailureOf({ code: 'cartNotCreated', message: 'Not enough stock' })).toBeNull();
    // A code this build has no words for reads as the generic words.
    expect(shopperMessageOf('shop:retired', english)).toBe('Something went wrong. Sorry about that.');
  });
});

describe('what a shopper reads of each failure, in English and French (ADR 019)', () => {
  let french: ReturnType<typeof createIntl>;
  beforeAll(async () => {
    await loadShopFailureWords();
    french = createIntl({ locale: 'fr-FR', messages: await loadMessages('fr-FR'), onError: () => {} });
  });

  it('every code has words: English, and a French translation that is not the English', () => {
    // The table's type holds one entry for each code (a code without words is a type error).
    const codes = Object.keys(shopFailureWords) as ShopFailureCode[];
    expect(codes).toHaveLength(25);
    for (const code of codes) {
      const failure = new ShopFailure(code, code === 'pdImplausible' ? PD : code === 'quantityNotAvailable' ? { quantity: 150 } : {});
      const en = shopperMessageOf(failure, english);
      const fr = shopperMessageOf(failure, french);
      expect(en, code).toMatch(/^[A-Z].{10,}/);
      expect(fr, code).toMatch(/^[A-ZÀ-Ü].{10,}/);
      expect(fr, code).not.toBe(en);
      expect(`${en} ${fr}`, code).not.toContain(code);
    }
  });

  it('spec §8 Cart creation fails: the shopper reads "Unable to create cart" (English) or its French, from the cart\'s kept error', () => {
    const getCartError = { message: shopFailureMessage('cartNotCreated') };
    expect(shopperMessageOf(getCartError, english)).toBe('Unable to create cart');
    expect(shopperMessageOf(getCartError, french)).toBe('Impossible de créer le panier');
  });

  it('spec §5: a checkout step without a cartId or a guest email names what is missing', () => {
    expect(shopperMessageOf(new ShopFailure('cartIdMissing'), english)).toBe('Missing required information: cartId');
    expect(shopperMessageOf(new ShopFailure('emailMissing'), english)).toBe('Missing required information: email');
  });

  it('adding to a cart that is not ready, the try-on photo, the password reset, the fix link and the wishlist read plainly', () => {
    const cases = [
      ['cartNotReady', 'The cart is not ready yet. Try again in a moment.', 'Le panier n’est pas encore prêt'],
      ['photoNotPicture', 'This file is not a picture. Choose a photo (JPEG, PNG or WebP) of your face.', 'n’est pas une image'],
      ['passwordNotReset', 'The password could not be reset.', 'mot de passe'],
      ['fixLinkInvalid', 'The prescription fix link is invalid. Check the link in your order email.', 'lien'],
      ['noWishlist', 'Your account has no wishlist yet.', 'liste'],
    ] as const;
    for (const [code, en, fr] of cases) {
      expect(shopperMessageOf(shopFailureMessage(code), english)).toBe(en);
      expect(shopperMessageOf(shopFailureMessage(code), french)).toContain(fr);
    }
  });

  it("spec §8: a quantity out of stock and a wizard address naming no frame read in the view's language, not in Magento's English signal words", () => {
    const tooMany = errorMessageOf(new ShopFailure('quantityNotAvailable', { quantity: 150 }));
    expect(shopperMessageOf(tooMany, english)).toBe('We do not have 150 of this item in stock: its quantity stays as it was.');
    expect(shopperMessageOf(tooMany, french)).toBe('Nous n’avons pas 150 exemplaires de cet article en stock : sa quantité reste inchangée.');
    expect(shopperMessageOf(shopFailureMessage('frameNotFound'), english)).toBe(
      'There is no frame at this address. Choose a frame in the shop, then its lenses.',
    );
    expect(shopperMessageOf(shopFailureMessage('frameNotFound'), french)).toBe(
      'Aucune monture ne se trouve à cette adresse. Choisissez une monture dans la boutique, puis ses verres.',
    );
  });

  it('the PD refused keeps its values and says what to do for the method used', () => {
    expect(shopperMessageOf(new ShopFailure('pdImplausible', PD), english)).toBe(
      'The measurement gave 91.5 mm, outside 50–80 mm. Look straight at the camera, in good light, and measure again.',
    );
    expect(shopperMessageOf(errorMessageOf(new ShopFailure('pdImplausible', { ...PD, method: 'card' })), french)).toMatch(
      /^La mesure donne 91,5 mm, en dehors de 50–80 mm\. Tenez la carte à plat/,
    );
  });

  it("the face tracking's failure reads the shop's words, never the cause's (kept for the log)", () => {
    const kept = new ShopFailure('faceTracking', { detail: 'Failed to fetch' }).message;
    expect(shopperMessageOf(kept, english)).toBe('The face tracking could not be loaded.');
    expect(shopperMessageOf(kept, french)).not.toMatch(/Failed|fetch/);
  });

  it("any other sentence is the server's, shown as it came (Magento words it in the store view's language)", () => {
    expect(shopperMessageOf({ message: 'Le produit est en rupture de stock.' }, french)).toBe('Le produit est en rupture de stock.');
  });
});
