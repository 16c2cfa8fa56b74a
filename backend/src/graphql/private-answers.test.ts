import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database';
import { PrivateAnswers } from './private-answers';

// ADR 034: which requests' answers may be kept, and that a kept one is sent only while its stamp reads the same.
const db = {} as Queryable;
const paramsOf = (query: string, variables?: unknown) =>
  new URLSearchParams({ query, ...(variables === undefined ? {} : { variables: JSON.stringify(variables) }) });

function answersWith(stamps: Record<string, string | null>) {
  const asked: unknown[] = [];
  const answers = new PrivateAnswers(db, {
    cart: async (_q, args) => {
      asked.push(args);
      return stamps[String(args.cart_id)] ?? null;
    },
  });
  return { answers, asked };
}

describe('ADR 034: private answers', () => {
  it('keeps a lone stamped root field, its argument from a variable or written in the query', async () => {
    const { answers, asked } = answersWith({ A: 'v1' });
    expect(await answers.begin('k1', paramsOf('query ($id: String!) { cart(cart_id: $id) { id } }', { id: 'A' }))).toMatchObject({ stamp: 'v1' });
    expect(await answers.begin('k2', paramsOf('{ mine: cart(cart_id: "A") { id } }'))).toMatchObject({ stamp: 'v1' });
    // The storefront's GetCartDetails: the field's selection in a fragment defined beside the query.
    const withFragment = 'query GetCartDetails($c: String!) { cart(cart_id: $c) { ...F } } fragment F on Cart { id total_quantity }';
    expect(await answers.begin('k3', paramsOf(withFragment, { c: 'A' }))).toMatchObject({ stamp: 'v1' });
    expect(asked).toEqual([{ cart_id: 'A' }, { cart_id: 'A' }, { cart_id: 'A' }]);
  });

  it('keeps nothing else: another root field beside it, a directive, a fragment, a mutation, an unknown cart, bad variables', async () => {
    const { answers } = answersWith({ A: 'v1' });
    const none = [
      paramsOf('{ cart(cart_id: "A") { id } customer { email } }'),
      paramsOf('query ($s: Boolean!) { cart(cart_id: "A") @include(if: $s) { id } }', { s: true }),
      paramsOf('{ ...F } fragment F on Query { cart(cart_id: "A") { id } }'),
      paramsOf('mutation { cart(cart_id: "A") { id } }'),
      paramsOf('query One { cart(cart_id: "A") { id } } query Two { cart(cart_id: "A") { email } }'),
      paramsOf('{ cart(cart_id: "B") { id } }'),
      paramsOf('query ($id: String!) { cart(cart_id: $id) { id } }', ['A']),
      paramsOf('{ products { total_count } }'),
      paramsOf('{ not graphql'),
    ];
    for (const params of none) expect(await answers.begin('k', params)).toBeNull();
  });

  it('sends a kept answer only while its stamp reads the same; a purge of its tags drops it', async () => {
    const stamps: Record<string, string | null> = { A: 'v1' };
    const { answers } = answersWith(stamps);
    const params = paramsOf('{ cart(cart_id: "A") { id } }');
    const candidate = (await answers.begin('k', params))!;
    expect(answers.keep(candidate, Buffer.from('{"data":{}}'), [])).toBe(true);
    expect((await answers.lookup('k', params))?.body.toString()).toBe('{"data":{}}');
    stamps.A = 'v2';
    expect(await answers.lookup('k', params)).toBeNull();
    stamps.A = 'v1';
    answers.cache.purge(['cat_p']);
    expect(await answers.lookup('k', params)).toBeNull();
    // An answer made across a purge is not kept (it may show what the purge was about).
    const during = (await answers.begin('k', params))!;
    answers.cache.purge(['store']);
    expect(answers.keep(during, Buffer.from('{}'), [])).toBe(false);
  });

  it("keeps a signed-in caller's answer under their token: the stamp is read with it, another token finds nothing", async () => {
    const tokens: unknown[] = [];
    const answers = new PrivateAnswers(db, {
      customerCart: async (_q, _args, token) => (tokens.push(token), token === 'mine' ? 'v1' : null),
    });
    const params = paramsOf('{ customerCart { id } }');
    expect(await answers.begin('k', params)).toBeNull();
    const candidate = (await answers.begin('k', params, 'mine'))!;
    expect(answers.keep(candidate, Buffer.from('{"data":{"customerCart":{}}}'), [])).toBe(true);
    expect(await answers.lookup('k', params)).toBeNull();
    expect(await answers.lookup('k', params, 'theirs')).toBeNull();
    expect((await answers.lookup('k', params, 'mine'))?.body.toString()).toBe('{"data":{"customerCart":{}}}');
    expect(tokens).toEqual([null, 'mine', 'mine']);
  });
});
