import { describe, expect, it } from 'vitest';
import { abandonedCartLinkOf } from './abandoned-cart-link';

describe('abandoned-cart link (spec §2 /abandonedcart/checkout/cart/id/{id}/token/{token}/)', () => {
  it('spec §2: the id and token of the link make the restore input', () => {
    expect(abandonedCartLinkOf('1', '5eed0abandoned0cart0token0000001')).toEqual({ cart_id: '1', token: '5eed0abandoned0cart0token0000001' });
  });

  it('spec §2: a link that cannot be right is refused before anything is sent', () => {
    expect(abandonedCartLinkOf(undefined, 'token')).toBeNull();
    expect(abandonedCartLinkOf('1', undefined)).toBeNull();
    expect(abandonedCartLinkOf('0', 'token')).toBeNull();
    expect(abandonedCartLinkOf('one', 'token')).toBeNull();
    expect(abandonedCartLinkOf('1', 'to ken')).toBeNull();
    expect(abandonedCartLinkOf('1', 'x'.repeat(129))).toBeNull();
  });
});
